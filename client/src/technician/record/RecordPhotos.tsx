import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { VISIT_PHOTOS_MAX } from '../../../../shared/visit-records.js';
import { FormField } from '../../components/FormField';
import { useI18n } from '../../i18n/i18n';
import { newUuid } from '../../lib/upload';
import type { VisitRecordSection_RecordFragment } from '../../gql/graphql';
import { shrinkPhoto } from './photo-size';
import type { VisitPhotoKind, WaitingOfVisit } from './record-queue';
import { useRecordQueue } from './RecordQueue';

const KINDS: readonly VisitPhotoKind[] = ['TYPE_PLATE', 'BEFORE', 'AFTER', 'OTHER'];

interface ShownPhoto {
  /** The client id of a waiting photo, `server-<id>` for a sent one. */
  key: string;
  kind: VisitPhotoKind;
  forConsumer: boolean;
  source: { url: string } | { file: Blob };
  waits: boolean;
  remove: () => Promise<void>;
}

/**
 * A sent photo's thumbnail from the server; a waiting one's from the file on the phone, read as a data URL (the
 * pages' content security policy allows images from the site and data URLs, not blob URLs).
 */
function Thumbnail({ source, alt }: { source: ShownPhoto['source']; alt: string }) {
  const imageRef = useRef<HTMLImageElement>(null);
  const file = 'file' in source ? source.file : null;
  useEffect(() => {
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => {
      if (imageRef.current && typeof reader.result === 'string') imageRef.current.src = reader.result;
    };
    reader.readAsDataURL(file);
    return () => reader.abort();
  }, [file]);
  return <img ref={imageRef} className="visit-photo-image" src={'url' in source ? source.url : undefined} alt={alt} />;
}

/**
 * The visit's photos: taken with the camera or chosen from the gallery (several at once), each of a kind and, if
 * wanted, shown to the customer. A photo is made smaller on the phone before it waits (photo-size.ts).
 */
export function RecordPhotos({
  idPrefix,
  orderId,
  photos,
  waiting,
}: {
  idPrefix: string;
  orderId: number;
  photos: VisitRecordSection_RecordFragment['photos'];
  waiting: WaitingOfVisit;
}) {
  const { t } = useI18n();
  const queue = useRecordQueue();
  const [kind, setKind] = useState<VisitPhotoKind>('TYPE_PLATE');
  const [forConsumer, setForConsumer] = useState(false);
  const listRef = useRef<HTMLUListElement>(null);
  const addRef = useRef<HTMLInputElement>(null);
  const focusAfterRemove = useRef<number | null>(null);

  const shown: ShownPhoto[] = [
    ...photos
      .filter((photo) => !waiting.removedPhotoIds.includes(photo.id))
      .map((photo) => ({
        key: `server-${photo.id}`,
        kind: photo.kind,
        forConsumer: photo.forConsumer,
        source: { url: photo.thumbnailUrl },
        waits: false,
        remove: () =>
          queue.enqueue({
            kind: 'removePhoto' as const,
            clientId: newUuid(),
            orderId,
            madeAt: new Date().toISOString(),
            photoId: photo.id,
          }),
      })),
    ...queue.waiting.flatMap((item) =>
      item.kind === 'photo' && item.orderId === orderId
        ? [
            {
              key: item.clientId,
              kind: item.photoKind,
              forConsumer: item.forConsumer,
              source: { file: item.file },
              waits: true,
              remove: () => queue.drop(item.clientId),
            },
          ]
        : [],
    ),
  ];
  const full = shown.length >= VISIT_PHOTOS_MAX;

  useEffect(() => {
    // A removed photo's button is gone: the keyboard goes on to the next photo's, else to the camera.
    const index = focusAfterRemove.current;
    if (index === null) return;
    focusAfterRemove.current = null;
    const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>('button') ?? [];
    (buttons[Math.min(index, buttons.length - 1)] ?? addRef.current)?.focus();
  });

  const add = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])].slice(0, Math.max(0, VISIT_PHOTOS_MAX - shown.length));
    event.target.value = '';
    for (const file of files) {
      const smaller = await shrinkPhoto(file);
      await queue.enqueue({
        kind: 'photo',
        clientId: newUuid(),
        orderId,
        madeAt: new Date().toISOString(),
        photoKind: kind,
        forConsumer,
        file: smaller,
      });
    }
  };
  const remove = async (photo: ShownPhoto, index: number) => {
    focusAfterRemove.current = index;
    await photo.remove();
  };

  const numbers = new Map<VisitPhotoKind, number>();
  return (
    <fieldset className="visit-record-part">
      <legend>{t('technician.record.photos')}</legend>
      {shown.length === 0 ? (
        <p className="field-hint">{t('technician.record.noPhotos')}</p>
      ) : (
        <ul className="visit-photos" ref={listRef}>
          {shown.map((photo, index) => {
            const number = (numbers.get(photo.kind) ?? 0) + 1;
            numbers.set(photo.kind, number);
            const name = t('technician.record.photoAlt', {
              kind: t(`technician.record.photoKind.${photo.kind}`),
              number,
            });
            return (
              <li key={photo.key} className="visit-photo">
                <Thumbnail source={photo.source} alt={name} />
                <span className="visit-photo-text">
                  {[
                    name,
                    photo.forConsumer && t('technician.record.photoForConsumer'),
                    photo.waits && t('technician.today.waiting'),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
                <button
                  type="button"
                  className="button button-ghost"
                  aria-label={`${t('technician.record.removePhoto')}: ${name}`}
                  onClick={() => void remove(photo, index)}
                >
                  {t('technician.record.removePhoto')}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {full ? (
        <p className="field-hint">{t('technician.record.photosFull', { max: VISIT_PHOTOS_MAX })}</p>
      ) : (
        <>
          <FormField id={`${idPrefix}-photo-kind`} label={t('technician.record.photoKind')}>
            {(control) => (
              <select {...control} value={kind} onChange={(event) => setKind(event.target.value as VisitPhotoKind)}>
                {KINDS.map((choice) => (
                  <option key={choice} value={choice}>
                    {t(`technician.record.photoKind.${choice}`)}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <label className="checkbox">
            <input type="checkbox" checked={forConsumer} onChange={(event) => setForConsumer(event.target.checked)} />{' '}
            {t('technician.record.forConsumer')}
          </label>
          <div className="visit-photo-buttons">
            <label className="button button-primary file-button">
              <input
                ref={addRef}
                type="file"
                accept="image/*"
                capture="environment"
                className="visually-hidden"
                onChange={(event) => void add(event)}
              />
              {t('technician.record.camera')}
            </label>
            <label className="button button-secondary file-button">
              <input
                type="file"
                accept="image/*"
                multiple
                className="visually-hidden"
                onChange={(event) => void add(event)}
              />
              {t('technician.record.gallery')}
            </label>
          </div>
        </>
      )}
    </fieldset>
  );
}

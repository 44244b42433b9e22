import type { ReactNode } from 'react';
import { graphql } from '../../gql';
import type { OrderVisitRecord_OrderFragment } from '../../gql/graphql';
import { useI18n } from '../../i18n/i18n';
import { useLocalMoment } from '../informed/OrderInformed';

/** @public Read by codegen: the order query of the page spreads it. */
export const OrderVisitRecordFragment = graphql(`
  fragment OrderVisitRecord_order on Order {
    id
    country
    visitRecord {
      applianceBrand
      applianceModel
      applianceSerialNumber
      partsUsed {
        name
        articleNumber
        quantity
      }
      partsNeeded {
        name
        articleNumber
        quantity
      }
      officeNote
      consumerNote
      updatedAt
      signedAt
      signature {
        url
      }
      photos {
        id
        kind
        forConsumer
        url
        thumbnailUrl
        width
        height
      }
    }
  }
`);

type Part = NonNullable<OrderVisitRecord_OrderFragment['visitRecord']>['partsUsed'][number];

function Parts({ parts }: { parts: readonly Part[] }) {
  return (
    <ul className="visit-record-parts">
      {parts.map((part, index) => (
        <li key={index}>
          {part.quantity} × {part.name}
          {part.articleNumber ? ` (${part.articleNumber})` : ''}
        </li>
      ))}
    </ul>
  );
}

/**
 * The technician's record of the visit on the order screen (docs/decisions/technician.md, Visit records): the
 * appliance, the parts used and needed, both notes, the signature and the photos, a thumbnail each opening the photo
 * full size. The history says who added what.
 */
export function OrderVisitRecord({ order }: { order: OrderVisitRecord_OrderFragment }) {
  const { t } = useI18n();
  const moment = useLocalMoment(order.country);
  const record = order.visitRecord;
  if (!record) {
    return (
      <section className="order-visit-record" aria-labelledby="order-visit-record-title">
        <h2 id="order-visit-record-title">{t('admin.visitRecord.title')}</h2>
        <p className="muted">{t('admin.visitRecord.none')}</p>
      </section>
    );
  }
  const appliance = [record.applianceBrand, record.applianceModel].filter(Boolean).join(' ');
  const rows: { label: string; value: ReactNode; note?: boolean }[] = [
    ...(appliance ? [{ label: t('admin.visitRecord.appliance'), value: appliance }] : []),
    ...(record.applianceSerialNumber
      ? [{ label: t('admin.visitRecord.serialNumber'), value: record.applianceSerialNumber }]
      : []),
    ...(record.partsUsed.length > 0
      ? [{ label: t('admin.visitRecord.partsUsed'), value: <Parts parts={record.partsUsed} /> }]
      : []),
    ...(record.partsNeeded.length > 0
      ? [{ label: t('admin.visitRecord.partsNeeded'), value: <Parts parts={record.partsNeeded} /> }]
      : []),
    ...(record.officeNote ? [{ label: t('admin.visitRecord.officeNote'), value: record.officeNote, note: true }] : []),
    ...(record.consumerNote
      ? [{ label: t('admin.visitRecord.consumerNote'), value: record.consumerNote, note: true }]
      : []),
    ...(record.signedAt
      ? [
          {
            label: t('admin.visitRecord.signed'),
            value: (
              <>
                {moment(record.signedAt)}
                {record.signature && (
                  <img
                    className="visit-record-signature"
                    src={record.signature.url}
                    alt={t('admin.visitRecord.signature')}
                  />
                )}
              </>
            ),
          },
        ]
      : []),
    { label: t('admin.visitRecord.updatedAt'), value: moment(record.updatedAt) },
  ];
  return (
    <section className="order-visit-record" aria-labelledby="order-visit-record-title">
      <h2 id="order-visit-record-title">{t('admin.visitRecord.title')}</h2>
      <dl className="details-list">
        {rows.map((row) => (
          <div key={row.label}>
            <dt>{row.label}</dt>
            <dd className={row.note ? 'reply-note' : undefined}>{row.value}</dd>
          </div>
        ))}
      </dl>
      {record.photos.length > 0 && (
        <>
          <h3>{t('admin.visitRecord.photos', { count: record.photos.length })}</h3>
          <ul className="visit-record-photos">
            {record.photos.map((photo, index) => (
              <li key={photo.id}>
                <a href={photo.url} target="_blank" rel="noreferrer">
                  <img
                    src={photo.thumbnailUrl}
                    alt={t('admin.visitRecord.photo', {
                      number: index + 1,
                      kind: t(`admin.visitRecord.kind.${photo.kind}`),
                    })}
                    width={photo.width >= photo.height ? 120 : Math.round((120 * photo.width) / photo.height)}
                    height={photo.width >= photo.height ? Math.round((120 * photo.height) / photo.width) : 120}
                  />
                </a>
                <span className="muted">
                  {photo.forConsumer ? t('admin.visitRecord.forConsumer') : t('admin.visitRecord.officeOnly')}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  APPLIANCE_TEXT_MAX_LENGTH,
  PART_QUANTITY_MAX,
  VISIT_PARTS_MAX,
  VISIT_RECORD_NOTE_MAX_LENGTH,
} from '../../../../shared/visit-records.js';
import { FormField } from '../../components/FormField';
import { Message } from '../../components/Message';
import { useI18n } from '../../i18n/i18n';
import { newUuid } from '../../lib/upload';
import { checkForm, formOf, rowOf, type FormProblems, type PartList, type RecordForm } from './record-form';
import type { VisitRecordText } from './record-queue';
import { useRecordQueue } from './RecordQueue';

/** One list of parts (used, or needed for a follow-up): a group per line, lines added and removed. */
function PartsEditor({
  idPrefix,
  list,
  form,
  setForm,
  problemOf,
}: {
  idPrefix: string;
  list: PartList;
  form: RecordForm;
  setForm: (update: (form: RecordForm) => RecordForm) => void;
  problemOf: (field: string) => string | null;
}) {
  const { t } = useI18n();
  const rows = form[list];
  const addRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const focusRow = useRef<number | null>(null);
  useEffect(() => {
    // A new line: its name. A removed line: the next line's name, else the button that adds one.
    const index = focusRow.current;
    if (index === null) return;
    focusRow.current = null;
    const names = listRef.current?.querySelectorAll<HTMLInputElement>('input[data-name]') ?? [];
    (names[Math.min(index, names.length - 1)] ?? addRef.current)?.focus();
  });
  const change = (key: string, field: 'name' | 'articleNumber' | 'quantity', value: string) =>
    setForm((previous) => ({
      ...previous,
      [list]: previous[list].map((row) => (row.key === key ? { ...row, [field]: value } : row)),
    }));
  const add = () => {
    focusRow.current = rows.length;
    setForm((previous) => ({ ...previous, [list]: [...previous[list], rowOf(newUuid())] }));
  };
  const remove = (key: string, index: number) => {
    focusRow.current = index;
    setForm((previous) => ({ ...previous, [list]: previous[list].filter((row) => row.key !== key) }));
  };
  const legend = t(list === 'partsUsed' ? 'technician.record.partsUsed' : 'technician.record.partsNeeded');
  return (
    <fieldset className="visit-record-part">
      <legend>{legend}</legend>
      {rows.length > 0 && (
        <ol className="visit-parts" ref={listRef}>
          {rows.map((row, index) => {
            const field = (name: string) => `${list}.${index}.${name}`;
            const rowName = t('technician.record.part', { number: index + 1 });
            return (
              <li key={row.key}>
                <fieldset className="visit-part">
                  <legend>{rowName}</legend>
                  <FormField
                    id={`${idPrefix}-${list}-${row.key}-name`}
                    label={t('technician.record.partName')}
                    error={problemOf(field('name'))}
                  >
                    {(control) => (
                      <input
                        {...control}
                        data-name
                        value={row.name}
                        onChange={(event) => change(row.key, 'name', event.target.value)}
                      />
                    )}
                  </FormField>
                  <div className="visit-part-numbers">
                    <FormField
                      id={`${idPrefix}-${list}-${row.key}-article`}
                      label={t('technician.record.partArticle')}
                      error={problemOf(field('articleNumber'))}
                    >
                      {(control) => (
                        <input
                          {...control}
                          value={row.articleNumber}
                          autoCapitalize="characters"
                          onChange={(event) => change(row.key, 'articleNumber', event.target.value)}
                        />
                      )}
                    </FormField>
                    <FormField
                      id={`${idPrefix}-${list}-${row.key}-quantity`}
                      label={t('technician.record.partQuantity')}
                      error={problemOf(field('quantity'))}
                    >
                      {(control) => (
                        <input
                          {...control}
                          type="number"
                          inputMode="numeric"
                          min={1}
                          max={PART_QUANTITY_MAX}
                          value={row.quantity}
                          onChange={(event) => change(row.key, 'quantity', event.target.value)}
                        />
                      )}
                    </FormField>
                  </div>
                  <button
                    type="button"
                    className="button button-ghost"
                    aria-label={`${t('technician.record.partRemove')}: ${legend}, ${rowName}`}
                    onClick={() => remove(row.key, index)}
                  >
                    {t('technician.record.partRemove')}
                  </button>
                </fieldset>
              </li>
            );
          })}
        </ol>
      )}
      {rows.length < VISIT_PARTS_MAX && (
        <button
          ref={addRef}
          type="button"
          className="button button-secondary"
          aria-label={`${t('technician.record.partAdd')}: ${legend}`}
          onClick={add}
        >
          {t('technician.record.partAdd')}
        </button>
      )}
    </fieldset>
  );
}

/**
 * The record's text: the appliance, the parts used and needed, a note for the office and one for the customer.
 * Checked here by the server's rules, then saved on the phone with the text it was filled from (`base`), from where
 * what changed is sent.
 */
export function RecordTextForm({
  idPrefix,
  orderId,
  text,
  base,
}: {
  idPrefix: string;
  orderId: number;
  text: VisitRecordText | null;
  base: VisitRecordText | null;
}) {
  const { t } = useI18n();
  const queue = useRecordQueue();
  const [form, setForm] = useState<RecordForm>(() => formOf(text, newUuid));
  // What the next save changes from: the text filled in, then the text saved last (the queue keeps the base of a
  // save that still waits, so its changes go with the next one).
  const [savedBase, setSavedBase] = useState(base);
  const [problems, setProblems] = useState<FormProblems>({});
  const [saved, setSaved] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const update = (next: (previous: RecordForm) => RecordForm) => {
    setSaved(false);
    setForm(next);
  };
  const problemOf = (field: string): string | null => {
    const problem = problems[field];
    if (!problem) return null;
    return problem.key === 'technician.record.problem.required' ? t(problem.key) : t(problem.key, { max: problem.max });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkForm(form);
    if ('problems' in checked) {
      setProblems(checked.problems);
      setSaved(false);
      // The first field that is wrong takes the keyboard; its text says why.
      window.setTimeout(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setProblems({});
    await queue.enqueue({
      kind: 'record',
      clientId: newUuid(),
      orderId,
      madeAt: new Date().toISOString(),
      text: checked.text,
      base: savedBase,
    });
    setSavedBase(checked.text);
    setSaved(true);
  };

  const textField = (
    field: 'applianceBrand' | 'applianceModel' | 'applianceSerialNumber',
    label: Parameters<typeof t>[0],
  ) => (
    <FormField id={`${idPrefix}-${field}`} label={t(label)} error={problemOf(field)}>
      {(control) => (
        <input
          {...control}
          maxLength={APPLIANCE_TEXT_MAX_LENGTH}
          value={form[field]}
          onChange={(event) => update((previous) => ({ ...previous, [field]: event.target.value }))}
        />
      )}
    </FormField>
  );
  const note = (field: 'officeNote' | 'consumerNote', label: Parameters<typeof t>[0]) => (
    <FormField id={`${idPrefix}-${field}`} label={t(label)} error={problemOf(field)}>
      {(control) => (
        <textarea
          {...control}
          rows={3}
          maxLength={VISIT_RECORD_NOTE_MAX_LENGTH}
          value={form[field]}
          onChange={(event) => update((previous) => ({ ...previous, [field]: event.target.value }))}
        />
      )}
    </FormField>
  );
  const hasProblems = Object.keys(problems).length > 0;
  return (
    <form ref={formRef} className="visit-form visit-record-form" onSubmit={(event) => void submit(event)} noValidate>
      <fieldset className="visit-record-part">
        <legend>{t('technician.record.appliance')}</legend>
        {textField('applianceBrand', 'technician.record.brand')}
        {textField('applianceModel', 'technician.record.model')}
        {textField('applianceSerialNumber', 'technician.record.serial')}
      </fieldset>
      <PartsEditor idPrefix={idPrefix} list="partsUsed" form={form} setForm={update} problemOf={problemOf} />
      <PartsEditor idPrefix={idPrefix} list="partsNeeded" form={form} setForm={update} problemOf={problemOf} />
      {note('officeNote', 'technician.record.officeNote')}
      {note('consumerNote', 'technician.record.consumerNote')}
      <Message tone="error">{hasProblems ? t('technician.record.problem.form') : null}</Message>
      <Message tone="success">{saved ? t('technician.record.saved') : null}</Message>
      <button type="submit" className="button button-primary">
        {t('technician.record.save')}
      </button>
    </form>
  );
}

import {
  APPLIANCE_TEXT_MAX_LENGTH,
  PART_ARTICLE_NUMBER_MAX_LENGTH,
  PART_NAME_MAX_LENGTH,
  PART_QUANTITY_MAX,
  VISIT_RECORD_NOTE_MAX_LENGTH,
} from '../../../../shared/visit-records.js';
import type { VisitPartLine, VisitRecordText } from './record-queue.js';

/** A line of parts as typed: the quantity is text until it is checked. */
export interface PartRow {
  /** Keeps React's rows apart while lines are added and removed. */
  key: string;
  name: string;
  articleNumber: string;
  quantity: string;
}

export type PartList = 'partsUsed' | 'partsNeeded';

export interface RecordForm {
  applianceBrand: string;
  applianceModel: string;
  applianceSerialNumber: string;
  partsUsed: PartRow[];
  partsNeeded: PartRow[];
  officeNote: string;
  consumerNote: string;
}

/** What is wrong with a field, by the server's field name (`partsUsed.0.name`), as a text key and its values. */
export type FormProblems = Record<
  string,
  | { key: 'technician.record.problem.required' }
  | { key: 'technician.record.problem.tooLong'; max: number }
  | { key: 'technician.record.problem.quantity'; max: number }
>;

export function rowOf(key: string, part?: VisitPartLine): PartRow {
  return {
    key,
    name: part?.name ?? '',
    articleNumber: part?.articleNumber ?? '',
    quantity: part ? String(part.quantity) : '1',
  };
}

/** The form filled with a record (the server's, or the one waiting on the phone); empty without one. */
export function formOf(text: VisitRecordText | null, newKey: () => string): RecordForm {
  return {
    applianceBrand: text?.applianceBrand ?? '',
    applianceModel: text?.applianceModel ?? '',
    applianceSerialNumber: text?.applianceSerialNumber ?? '',
    partsUsed: (text?.partsUsed ?? []).map((part) => rowOf(newKey(), part)),
    partsNeeded: (text?.partsNeeded ?? []).map((part) => rowOf(newKey(), part)),
    officeNote: text?.officeNote ?? '',
    consumerNote: text?.consumerNote ?? '',
  };
}

/** The text of a record as the server answered it (its other fields and type names left out). */
export function textOf(record: VisitRecordText): VisitRecordText {
  const line = ({ name, articleNumber, quantity }: VisitPartLine): VisitPartLine => ({ name, articleNumber, quantity });
  return {
    applianceBrand: record.applianceBrand,
    applianceModel: record.applianceModel,
    applianceSerialNumber: record.applianceSerialNumber,
    partsUsed: record.partsUsed.map(line),
    partsNeeded: record.partsNeeded.map(line),
    officeNote: record.officeNote,
    consumerNote: record.consumerNote,
  };
}

const length = (value: string) => [...value].length;
const blankRow = (row: PartRow) => row.name.trim() === '' && row.articleNumber.trim() === '';

/**
 * The form checked by the server's rules before it waits on the phone (a refusal found only when the connection
 * returns would come long after the technician left): the text to save, or what is wrong where. A line of parts
 * left empty is not a line.
 */
export function checkForm(form: RecordForm): { text: VisitRecordText } | { problems: FormProblems } {
  const problems: FormProblems = {};
  const text = (field: string, value: string, max: number): string | null => {
    const trimmed = value.trim();
    if (length(trimmed) > max) problems[field] = { key: 'technician.record.problem.tooLong', max };
    return trimmed === '' ? null : trimmed;
  };
  const parts = (list: PartList): VisitPartLine[] =>
    form[list]
      .map((row, index) => ({ row, index }))
      .filter(({ row }) => !blankRow(row))
      .map(({ row, index }) => {
        const field = `${list}.${index}`;
        const name = text(`${field}.name`, row.name, PART_NAME_MAX_LENGTH);
        if (name === null) problems[`${field}.name`] = { key: 'technician.record.problem.required' };
        const quantity = /^\s*\d+\s*$/.test(row.quantity) ? Number(row.quantity) : Number.NaN;
        if (!(quantity >= 1 && quantity <= PART_QUANTITY_MAX)) {
          problems[`${field}.quantity`] = { key: 'technician.record.problem.quantity', max: PART_QUANTITY_MAX };
        }
        return {
          name: name ?? '',
          articleNumber: text(`${field}.articleNumber`, row.articleNumber, PART_ARTICLE_NUMBER_MAX_LENGTH),
          quantity,
        };
      });
  const checked: VisitRecordText = {
    applianceBrand: text('applianceBrand', form.applianceBrand, APPLIANCE_TEXT_MAX_LENGTH),
    applianceModel: text('applianceModel', form.applianceModel, APPLIANCE_TEXT_MAX_LENGTH),
    applianceSerialNumber: text('applianceSerialNumber', form.applianceSerialNumber, APPLIANCE_TEXT_MAX_LENGTH),
    partsUsed: parts('partsUsed'),
    partsNeeded: parts('partsNeeded'),
    officeNote: text('officeNote', form.officeNote, VISIT_RECORD_NOTE_MAX_LENGTH),
    consumerNote: text('consumerNote', form.consumerNote, VISIT_RECORD_NOTE_MAX_LENGTH),
  };
  return Object.keys(problems).length > 0 ? { problems } : { text: checked };
}

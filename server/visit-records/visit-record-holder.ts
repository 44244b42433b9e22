import type { EntityManager } from '@mikro-orm/postgresql';
import type { DataSubject, HeldRow, PersonalDataHolder } from '../common/personal-data.js';
import { VisitRecordRepository } from './repository/visit-record.repository.js';
import type { VisitPart } from './visit-record.types.js';

/** Records per person at most: one per order, and a person has few orders. */
const RECORDS_PER_PERSON = 1000;

const partText = (part: VisitPart): string =>
  `${part.quantity} × ${part.name}${part.articleNumber ? ` (${part.articleNumber})` : ''}`;

/**
 * The technician's visit records of the person's orders (docs/decisions/technician.md, Visit records): the export
 * shows the text, how many photos and whether signed, never a file; an erase blanks the notes and removes the
 * signature and the photos, their files deleted by the caller once the erase has committed.
 */
export const visitRecordsHolder: PersonalDataHolder = {
  name: 'visitRecords',
  async find(em: EntityManager, subject: DataSubject): Promise<HeldRow[]> {
    if (subject.orderIds.length === 0) return [];
    const rows = await new VisitRecordRepository(em).heldRecords(subject.orderIds, RECORDS_PER_PERSON);
    return rows.map((row) => ({
      ...row,
      partsUsed: row.partsUsed.map(partText),
      partsNeeded: row.partsNeeded.map(partText),
      signedAt: row.signedAt === null ? null : new Date(row.signedAt),
    }));
  },
  async erase(em: EntityManager, subject: DataSubject, files: string[]): Promise<number> {
    if (subject.orderIds.length === 0) return 0;
    const erased = await new VisitRecordRepository(em).eraseRecords(subject.orderIds);
    files.push(...erased.fileKeys);
    return erased.rows;
  },
};

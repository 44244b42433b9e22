import type { EntityManager } from '@mikro-orm/postgresql';
import { Technician } from '../technicians/index.js';
import { CONTROL_CHARACTERS } from '../../shared/text.js';

const MAX_ID = 2_147_483_647;

/**
 * The technician named by a legacy "technician identifier": the personal number (N-number) or the
 * database id. A personal number wins over an id, so a technician whose personal number is all
 * digits is still found by it; case does not matter for personal numbers.
 */
export async function findTechnicianByRef(em: EntityManager, ref: string): Promise<Technician | null> {
  const value = ref.trim();
  if (value === '' || CONTROL_CHARACTERS.test(value)) return null;
  const byNumber = await em.findOne(Technician, { personalNumber: value });
  if (byNumber) return byNumber;
  if (/^\d+$/.test(value) && Number(value) <= MAX_ID) {
    const byId = await em.findOne(Technician, { id: Number(value) });
    if (byId) return byId;
  }
  const ignoringCase = await em.find(Technician, { personalNumber: { $ilike: value.replace(/[\\%_]/g, '\\$&') } });
  return ignoringCase.length === 1 ? ignoringCase[0] : null;
}

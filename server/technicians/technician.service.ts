import { raw, type FilterQuery } from '@mikro-orm/postgresql';
import type { AppContext } from '../context.js';
import { Technician } from './technician.entity.js';

/** `%` and `_` typed by a user are searched for literally. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

export class TechnicianService {
  constructor(private readonly ctx: AppContext) {}

  /** Technicians by name, optionally those whose name, e-mail or personal number contains `search`. */
  list(search?: string): Promise<Technician[]> {
    const term = search?.trim();
    let where: FilterQuery<Technician> = {};
    if (term) {
      const pattern = `%${escapeLike(term)}%`;
      where = {
        $or: [
          // "Jan de Vries" finds Jan de Vries: the full name counts, not only its parts.
          { [raw((alias) => `${alias}.firstname || ' ' || ${alias}.lastname`)]: { $ilike: pattern } },
          { email: { $ilike: pattern } },
          { personalNumber: { $ilike: pattern } },
        ],
      };
    }
    return this.ctx.em.find(Technician, where, { orderBy: { firstname: 'asc', lastname: 'asc', id: 'asc' } });
  }
}

import type { EntityManager } from '@mikro-orm/postgresql';
import type { PasskeyCeremony } from '../passkey-challenge.entity.js';

/** The challenge taken, if it was there, unexpired and of this ceremony and account. */
export interface TakenChallenge {
  challenge: string;
  origin: string;
  adminId: number | null;
  technicianId: number | null;
}

export class PasskeyChallengeRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * Takes a challenge in one statement: whatever the answer turns out to be, the row is gone, so two answers to one
   * challenge (on two instances at once) never both pass. An expired one is removed and not returned.
   */
  async take(id: string, ceremony: PasskeyCeremony, now: Date): Promise<TakenChallenge | null> {
    const rows = await this.em.execute<
      { challenge: string; origin: string; admin_id: number | null; technician_id: number | null; live: boolean }[]
    >(
      `delete from passkey_challenges where id = ? and ceremony = ?
       returning challenge, origin, admin_id, technician_id, expires_at > ? as live`,
      [id, ceremony, now],
    );
    const row = rows[0];
    if (!row?.live) return null;
    return { challenge: row.challenge, origin: row.origin, adminId: row.admin_id, technicianId: row.technician_id };
  }
}

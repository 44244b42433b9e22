import type { EntityName, EventArgs, EventSubscriber } from '@mikro-orm/postgresql';
import { Admin } from '../admins/admin.entity.js';
import { Technician } from '../technicians/index.js';
import { AccountType, PasswordResetToken } from './password-reset-token.entity.js';

/**
 * A technician or admin that is deleted takes its reset links along, in the transaction of the
 * deletion. The links belong to this domain: deleting an account (admins, technicians) need not know them.
 */
export class ResetLinksCleanup implements EventSubscriber<Admin | Technician> {
  getSubscribedEntities(): EntityName<Admin | Technician>[] {
    return [Admin, Technician];
  }

  async beforeDelete({ entity, em }: EventArgs<Admin | Technician>): Promise<void> {
    const accountType = entity instanceof Admin ? AccountType.ADMIN : AccountType.TECHNICIAN;
    await em.nativeDelete(PasswordResetToken, { accountType, accountId: entity.id });
  }
}

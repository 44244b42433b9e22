import { LockMode, UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/postgresql';
import type { AppContext } from '../context.js';
import { queuePasswordMail } from '../common/jobs/password-mail-job.js';
import { checkPersonFields } from '../common/person-fields.js';
import { Role } from '../common/auth/role.js';
import { announceSessionsEnded } from '../common/auth/sessions.js';
import { AppError, type FieldProblem } from '../common/errors/app-error.js';
import { CommonError } from '../common/errors/common.errors.js';
import { Admin } from './admin.entity.js';
import { AdminError } from './admin.errors.js';
import type { AdminInput } from './admin.inputs.js';

const emailTaken = () =>
  new AppError(AdminError.ADMIN_EMAIL_TAKEN, { fields: [{ field: 'email', message: 'ADMIN_EMAIL_TAKEN' }] });

export class AdminService {
  constructor(private readonly ctx: AppContext) {}

  private viewerId(): number {
    const viewer = this.ctx.viewer;
    // An application's key is no admin: what is about the signed-in admin is not for it.
    if (viewer?.role !== Role.ADMIN || viewer.adminId === null) throw new AppError(CommonError.FORBIDDEN);
    return viewer.adminId;
  }

  /** The signed-in admin (already loaded by authentication, so no extra query). */
  async current(): Promise<Admin> {
    return this.ctx.em.findOneOrFail(Admin, { id: this.viewerId() });
  }

  list(): Promise<Admin[]> {
    return this.ctx.em.find(Admin, {}, { orderBy: { firstname: 'asc', lastname: 'asc', id: 'asc' } });
  }

  async get(id: number): Promise<Admin> {
    const admin = await this.ctx.em.findOne(Admin, { id });
    if (!admin) throw new AppError(CommonError.NOT_FOUND);
    return admin;
  }

  /** A new admin without a password: it sets one through the reset mail. */
  async create(input: AdminInput): Promise<Admin> {
    const fields = this.checked(input);
    if (await this.ctx.em.count(Admin, { email: fields.email })) throw emailTaken();
    return this.ctx.em.transactional(async (em) => {
      const admin = em.create(Admin, {
        ...fields,
        inactive: input.inactive,
        passwordHash: null,
        tokenVersion: 0,
        createdAt: this.ctx.services.clock.now(),
      });
      await this.flushUnique(em);
      // An active admin is mailed a link to set a password; an inactive one when activated and asked for.
      if (!admin.inactive) {
        await queuePasswordMail(this.ctx.services.jobs, em, {
          role: Role.ADMIN,
          accountId: admin.id,
          language: this.ctx.language,
        });
      }
      return admin;
    });
  }

  /** Deactivating ends the admin's sessions at once; nobody can deactivate themselves or the last active admin. */
  async update(id: number, input: AdminInput): Promise<Admin> {
    const viewerId = this.viewerId();
    const fields = this.checked(input);
    return this.ctx.em.transactional(async (em) => {
      const activeIds = await this.lockActiveAdmins(em);
      const admin = await em.findOne(Admin, { id });
      if (!admin) throw new AppError(CommonError.NOT_FOUND);
      const deactivating = input.inactive && !admin.inactive;
      if (deactivating && admin.id === viewerId) {
        throw new AppError(AdminError.OWN_ACCOUNT, { message: 'CANNOT_DEACTIVATE_SELF' });
      }
      if (deactivating && activeIds.every((activeId) => activeId === admin.id)) {
        throw new AppError(AdminError.LAST_ACTIVE_ADMIN);
      }
      if (fields.email !== admin.email && (await em.count(Admin, { email: fields.email, id: { $ne: admin.id } }))) {
        throw emailTaken();
      }
      Object.assign(admin, fields, { inactive: input.inactive });
      if (deactivating) admin.tokenVersion += 1;
      await this.flushUnique(em);
      // Its open live streams end too, on every instance (they make no request that would be refused).
      if (deactivating) await announceSessionsEnded(em, 'admin', [admin.id]);
      return admin;
    });
  }

  /** Permanent. Orders it deleted keep the name it had. */
  async delete(id: number): Promise<number> {
    const viewerId = this.viewerId();
    return this.ctx.em.transactional(async (em) => {
      const activeIds = await this.lockActiveAdmins(em);
      const admin = await em.findOne(Admin, { id });
      if (!admin) throw new AppError(CommonError.NOT_FOUND);
      if (admin.id === viewerId) throw new AppError(AdminError.OWN_ACCOUNT, { message: 'CANNOT_DELETE_SELF' });
      if (!admin.inactive && activeIds.every((activeId) => activeId === admin.id)) {
        throw new AppError(AdminError.LAST_ACTIVE_ADMIN);
      }
      em.remove(admin);
      await em.flush();
      await announceSessionsEnded(em, 'admin', [id]);
      return id;
    });
  }

  /**
   * Locks the active admins' rows for the rest of the transaction, so two admins deactivating or
   * deleting each other at the same moment cannot leave nobody active.
   */
  private async lockActiveAdmins(em: EntityManager): Promise<number[]> {
    const rows = await em.find(
      Admin,
      { inactive: false },
      { fields: ['id'], lockMode: LockMode.PESSIMISTIC_WRITE, disableIdentityMap: true },
    );
    return rows.map((row) => row.id);
  }

  private checked(input: AdminInput) {
    const problems: FieldProblem[] = [];
    const fields = checkPersonFields(input, problems);
    if (problems.length > 0) throw new AppError(CommonError.BAD_USER_INPUT, { fields: problems });
    return fields;
  }

  private async flushUnique(em: EntityManager): Promise<void> {
    try {
      await em.flush();
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) throw emailTaken();
      throw error;
    }
  }
}

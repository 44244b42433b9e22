import type { AppContext } from '../context.js';
import { AppError } from '../common/errors/app-error.js';
import { CommonError } from '../common/errors/common.errors.js';
import { Role } from '../common/auth/role.js';
import { Admin } from './admin.entity.js';

export class AdminService {
  constructor(private readonly ctx: AppContext) {}

  /** The signed-in admin (already loaded by authentication, so no extra query). */
  async current(): Promise<Admin> {
    const viewer = this.ctx.viewer;
    if (viewer?.role !== Role.ADMIN) throw new AppError(CommonError.FORBIDDEN);
    return this.ctx.em.findOneOrFail(Admin, { id: viewer.adminId });
  }
}

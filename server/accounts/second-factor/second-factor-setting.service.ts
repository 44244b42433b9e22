import { LockMode } from '@mikro-orm/postgresql';
import { officeViewerOf } from '../../common/auth/viewer.js';
import { AppError } from '../../common/errors/app-error.js';
import { CommonError } from '../../common/errors/common.errors.js';
import { inCountryOrder } from '../../common/locale.js';
import type { AppContext } from '../../context.js';
import { SecondFactorSetting } from './second-factor-setting.entity.js';
import type { SecondFactorSettingInput } from './second-factor.inputs.js';

/** Who must sign in with a second factor, per country (docs/rules.md, Staff accounts), for admins. */
export class SecondFactorSettingService {
  constructor(private readonly ctx: AppContext) {}

  async list(): Promise<SecondFactorSetting[]> {
    return inCountryOrder(await this.ctx.em.find(SecondFactorSetting, {}));
  }

  async update(input: SecondFactorSettingInput): Promise<SecondFactorSetting> {
    const saved = await this.ctx.em.transactional(async (em) => {
      const setting = await em.findOne(
        SecondFactorSetting,
        { country: input.country },
        { lockMode: LockMode.PESSIMISTIC_WRITE },
      );
      if (!setting) throw new AppError(CommonError.NOT_FOUND);
      setting.adminsRequired = input.adminsRequired;
      setting.dispatchersRequired = input.dispatchersRequired;
      setting.techniciansRequired = input.techniciansRequired;
      return setting;
    });
    this.ctx.log.info(
      {
        adminId: officeViewerOf(this.ctx.viewer)?.adminId ?? null,
        country: saved.country,
        adminsRequired: saved.adminsRequired,
        dispatchersRequired: saved.dispatchersRequired,
        techniciansRequired: saved.techniciansRequired,
      },
      'second factor settings changed',
    );
    return saved;
  }
}

import { LockMode } from '@mikro-orm/postgresql';
import { RETENTION_MONTHS } from '../../shared/data-requests.js';
import { Role } from '../common/auth/role.js';
import { AppError, type FieldProblem } from '../common/errors/app-error.js';
import { CommonError, refuseFieldProblems } from '../common/errors/common.errors.js';
import { inCountryOrder } from '../common/locale.js';
import type { AppContext } from '../context.js';
import { DataRequestSetting } from './data-request-setting.entity.js';
import type { DataRequestSettingInput } from './data-request.inputs.js';

/** The data settings of each country (docs/rules.md, Personal data), for admins. */
export class DataRequestSettingService {
  constructor(private readonly ctx: AppContext) {}

  async list(): Promise<DataRequestSetting[]> {
    return inCountryOrder(await this.ctx.em.find(DataRequestSetting, {}));
  }

  async update(input: DataRequestSettingInput): Promise<DataRequestSetting> {
    const problems: FieldProblem[] = [];
    const months = input.retentionMonths;
    if (!Number.isInteger(months) || months < RETENTION_MONTHS.min || months > RETENTION_MONTHS.max) {
      problems.push({
        field: 'retentionMonths',
        message: 'NUMBER_OUT_OF_RANGE',
        params: { min: RETENTION_MONTHS.min, max: RETENTION_MONTHS.max },
      });
    }
    refuseFieldProblems(problems);
    const saved = await this.ctx.em.transactional(async (em) => {
      const setting = await em.findOne(
        DataRequestSetting,
        { country: input.country },
        { lockMode: LockMode.PESSIMISTIC_WRITE },
      );
      if (!setting) throw new AppError(CommonError.NOT_FOUND);
      Object.assign(setting, { retentionMonths: months, eraseNeedsTwoAdmins: input.eraseNeedsTwoAdmins });
      return setting;
    });
    const viewer = this.ctx.viewer;
    this.ctx.log.info(
      {
        adminId: viewer?.role === Role.ADMIN ? viewer.adminId : null,
        country: saved.country,
        retentionMonths: saved.retentionMonths,
        eraseNeedsTwoAdmins: saved.eraseNeedsTwoAdmins,
      },
      'data request settings changed',
    );
    return saved;
  }
}

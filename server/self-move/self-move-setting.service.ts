import { LockMode } from '@mikro-orm/postgresql';
import { MOVE_CAPACITY, MOVE_DAYS_AHEAD } from '../../shared/self-move.js';
import { AppError, type FieldProblem } from '../common/errors/app-error.js';
import { CommonError, refuseFieldProblems } from '../common/errors/common.errors.js';
import { inCountryOrder } from '../common/locale.js';
import type { AppContext } from '../context.js';
import { SelfMoveSetting } from './self-move-setting.entity.js';
import type { SelfMoveSettingInput } from './self-move-setting.inputs.js';
import { officeViewerOf } from '../common/auth/viewer.js';

const outside = (value: number, range: { min: number; max: number }) =>
  !Number.isInteger(value) || value < range.min || value > range.max;

/** What is wrong with the settings as given; empty when they can be saved. */
function settingProblems(input: SelfMoveSettingInput): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (outside(input.daysAhead, MOVE_DAYS_AHEAD)) {
    problems.push({ field: 'daysAhead', message: 'NUMBER_OUT_OF_RANGE', params: { ...MOVE_DAYS_AHEAD } });
  }
  if (outside(input.capacityPerDay, MOVE_CAPACITY)) {
    problems.push({ field: 'capacityPerDay', message: 'NUMBER_OUT_OF_RANGE', params: { ...MOVE_CAPACITY } });
  }
  return problems;
}

/** The self-service settings of each country (docs/rules.md, Rescheduling an order), for admins. */
export class SelfMoveSettingService {
  constructor(private readonly ctx: AppContext) {}

  async list(): Promise<SelfMoveSetting[]> {
    const settings = await this.ctx.em.find(SelfMoveSetting, {});
    return inCountryOrder(settings);
  }

  async update(input: SelfMoveSettingInput): Promise<SelfMoveSetting> {
    const problems = settingProblems(input);
    refuseFieldProblems(problems);
    const saved = await this.ctx.em.transactional(async (em) => {
      const setting = await em.findOne(
        SelfMoveSetting,
        { country: input.country },
        { lockMode: LockMode.PESSIMISTIC_WRITE },
      );
      if (!setting) throw new AppError(CommonError.NOT_FOUND);
      Object.assign(setting, {
        enabled: input.enabled,
        daysAhead: input.daysAhead,
        capacityPerDay: input.capacityPerDay,
      });
      return setting;
    });
    const viewer = this.ctx.viewer;
    this.ctx.log.info(
      {
        adminId: officeViewerOf(viewer)?.adminId ?? null,
        country: saved.country,
        enabled: saved.enabled,
        daysAhead: saved.daysAhead,
        capacityPerDay: saved.capacityPerDay,
      },
      'self-service move settings changed',
    );
    return saved;
  }
}

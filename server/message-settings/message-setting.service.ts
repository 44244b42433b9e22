import { LockMode } from '@mikro-orm/core';
import { MORNING_SMS_PATTERN, SENDER_NAME_MAX_LENGTH, SENDER_NAME_PATTERN } from '../../shared/messages.js';
import { AppError, type FieldProblem } from '../common/errors/app-error.js';
import { CommonError, refuseFieldProblems } from '../common/errors/common.errors.js';
import { inCountryOrder } from '../common/locale.js';
import type { AppContext } from '../context.js';
import { MessageSetting } from './message-setting.entity.js';
import type { MessageSettingInput } from './message-setting.inputs.js';
import { officeViewerOf } from '../common/auth/viewer.js';

/** What is wrong with the settings as given; empty when they can be saved. */
export function messageSettingProblems(
  input: Pick<MessageSettingInput, 'enabled' | 'email' | 'sms' | 'senderName' | 'morningSmsAt'>,
) {
  const problems: FieldProblem[] = [];
  const name = input.senderName.trim();
  if (name === '') problems.push({ field: 'senderName', message: 'FIELD_REQUIRED' });
  else if ([...name].length > SENDER_NAME_MAX_LENGTH)
    problems.push({ field: 'senderName', message: 'FIELD_TOO_LONG', params: { max: SENDER_NAME_MAX_LENGTH } });
  else if (!SENDER_NAME_PATTERN.test(name)) problems.push({ field: 'senderName', message: 'SENDER_NAME_INVALID' });
  if (typeof input.morningSmsAt === 'string' && !MORNING_SMS_PATTERN.test(input.morningSmsAt.trim())) {
    problems.push({ field: 'morningSmsAt', message: 'MORNING_SMS_AT_INVALID' });
  }
  // On without a channel would say "on" and send nothing: the switch is the one way to stop them.
  if (input.enabled && !input.email && !input.sms)
    problems.push({ field: 'email', message: 'MESSAGE_CHANNEL_REQUIRED' });
  return problems;
}

/** The message settings of each country (docs/rules.md, Consumer messages), for admins. */
export class MessageSettingService {
  constructor(private readonly ctx: AppContext) {}

  async list(): Promise<MessageSetting[]> {
    const settings = await this.ctx.em.find(MessageSetting, {});
    return inCountryOrder(settings);
  }

  async update(input: MessageSettingInput): Promise<MessageSetting> {
    const problems = messageSettingProblems(input);
    refuseFieldProblems(problems);
    const saved = await this.ctx.em.transactional(async (em) => {
      const setting = await em.findOne(
        MessageSetting,
        { country: input.country },
        { lockMode: LockMode.PESSIMISTIC_WRITE },
      );
      if (!setting) throw new AppError(CommonError.NOT_FOUND);
      Object.assign(setting, {
        enabled: input.enabled,
        email: input.email,
        sms: input.sms,
        senderName: input.senderName.trim(),
        language: input.language,
        ...(typeof input.morningSmsAt === 'string' ? { morningSmsAt: input.morningSmsAt.trim() } : {}),
      });
      return setting;
    });
    // Who changed what, for the operators: the settings hold nothing personal.
    const viewer = this.ctx.viewer;
    this.ctx.log.info(
      {
        adminId: officeViewerOf(viewer)?.adminId ?? null,
        country: saved.country,
        enabled: saved.enabled,
        email: saved.email,
        sms: saved.sms,
        senderName: saved.senderName,
        language: saved.language,
        morningSmsAt: saved.morningSmsAt,
      },
      'message settings changed',
    );
    return saved;
  }
}

import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { RequireRole, RequireRoleForAll } from '../common/auth/require-role.js';
import { OFFICE, Role } from '../common/auth/role.js';
import type { AppContext } from '../context.js';
import { MessageSetting } from './message-setting.entity.js';
import { MessageSettingInput } from './message-setting.inputs.js';
import { MessageSettingService } from './message-setting.service.js';

@Resolver(() => MessageSetting)
@RequireRoleForAll(...OFFICE)
export class MessageSettingResolver {
  @Query(() => [MessageSetting], { description: 'How the consumers of each country are told: NL first, then BE.' })
  @RequireRole(Role.ADMIN)
  messageSettings(@Ctx() ctx: AppContext): Promise<MessageSetting[]> {
    return new MessageSettingService(ctx).list();
  }

  @Mutation(() => MessageSetting, {
    description:
      "Changes how a country's consumers are told. Off, or a channel off, stops the messages not yet sent at once. " +
      'BAD_USER_INPUT (with `fields`) for a sender name that is empty, too long or has other characters, or for ' +
      'messages on without any channel.',
  })
  @RequireRole(Role.ADMIN)
  updateMessageSetting(
    @Ctx() ctx: AppContext,
    @Arg('input', () => MessageSettingInput) input: MessageSettingInput,
  ): Promise<MessageSetting> {
    return new MessageSettingService(ctx).update(input);
  }
}

import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { RequireRole, RequireRoleForAll } from '../common/auth/require-role.js';
import { OFFICE, Role } from '../common/auth/role.js';
import type { AppContext } from '../context.js';
import { SelfMoveSetting } from './self-move-setting.entity.js';
import { SelfMoveSettingInput } from './self-move-setting.inputs.js';
import { SelfMoveSettingService } from './self-move-setting.service.js';

@Resolver(() => SelfMoveSetting)
@RequireRoleForAll(...OFFICE)
export class SelfMoveSettingResolver {
  @Query(() => [SelfMoveSetting], {
    description: 'Whether and how the consumers of each country move a visit themselves: NL first, then BE.',
  })
  @RequireRole(Role.ADMIN)
  selfMoveSettings(@Ctx() ctx: AppContext): Promise<SelfMoveSetting[]> {
    return new SelfMoveSettingService(ctx).list();
  }

  @Mutation(() => SelfMoveSetting, {
    description:
      "Changes how a country's consumers move a visit themselves. BAD_USER_INPUT (with `fields`) for days ahead or " +
      'a capacity outside its range.',
  })
  @RequireRole(Role.ADMIN)
  updateSelfMoveSetting(
    @Ctx() ctx: AppContext,
    @Arg('input', () => SelfMoveSettingInput) input: SelfMoveSettingInput,
  ): Promise<SelfMoveSetting> {
    return new SelfMoveSettingService(ctx).update(input);
  }
}

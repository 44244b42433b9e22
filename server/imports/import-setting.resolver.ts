import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { AppContext } from '../context.js';
import { RequireRole, RequireRoleForAll } from '../common/auth/require-role.js';
import { OFFICE, Role } from '../common/auth/role.js';
import { ImportSetting } from './import-setting.entity.js';
import { ImportSettingInput, SaveImportSettingsInput } from './import-setting.inputs.js';
import { ImportSettingService } from './import-setting.service.js';

@Resolver(() => ImportSetting)
@RequireRoleForAll(...OFFICE)
export class ImportSettingResolver {
  @Query(() => [ImportSetting], { description: 'The import windows, ordered before, between, after.' })
  @RequireRole(Role.ADMIN)
  importSettings(@Ctx() ctx: AppContext): Promise<ImportSetting[]> {
    return new ImportSettingService(ctx).list();
  }

  @Mutation(() => ImportSetting, {
    description: 'Changes one import window; refused when the rules would then overlap or leave a gap in the day.',
  })
  @RequireRole(Role.ADMIN)
  updateImportSetting(
    @Ctx() ctx: AppContext,
    @Arg('id', () => Int, { description: 'The rule to change.' }) id: number,
    @Arg('input', () => ImportSettingInput) input: ImportSettingInput,
  ): Promise<ImportSetting> {
    return new ImportSettingService(ctx).update(id, input);
  }

  @Mutation(() => [ImportSetting], {
    description: 'Replaces the whole set of import windows at once; it must cover the day without gaps or overlaps.',
  })
  @RequireRole(Role.ADMIN)
  saveImportSettings(
    @Ctx() ctx: AppContext,
    @Arg('input', () => SaveImportSettingsInput) input: SaveImportSettingsInput,
  ): Promise<ImportSetting[]> {
    return new ImportSettingService(ctx).save(input.settings);
  }
}

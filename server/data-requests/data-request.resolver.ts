import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { RequireRoleForAll } from '../common/auth/require-role.js';
import { Role } from '../common/auth/role.js';
import type { AppContext } from '../context.js';
import { DataRequestSetting } from './data-request-setting.entity.js';
import { DataRequestSettingService } from './data-request-setting.service.js';
import { DataRequest } from './data-request.entity.js';
import { DataRequestSettingInput, ExportPersonalDataInput, PersonalDataSearchInput } from './data-request.inputs.js';
import { DATA_REQUESTS_MAX, DataRequestService } from './data-request.service.js';
import { DataErasurePayload, PersonalDataExportPayload, PersonalDataFindings } from './data-request.types.js';

@Resolver()
@RequireRoleForAll(Role.ADMIN)
export class DataRequestResolver {
  @Query(() => PersonalDataFindings, {
    description:
      'Everything held about a person, by e-mail address or phone number in any notation. DATA_SEARCH_INVALID for ' +
      'neither, DATA_SUBJECT_NOT_FOUND when no order (still) names it.',
  })
  personalData(
    @Ctx() ctx: AppContext,
    @Arg('input', () => PersonalDataSearchInput) input: PersonalDataSearchInput,
  ): Promise<PersonalDataFindings> {
    return new DataRequestService(ctx).find(input.search);
  }

  @Mutation(() => PersonalDataExportPayload, {
    description: 'Downloads everything held about a person, as JSON or a readable page; recorded in the audit.',
  })
  exportPersonalData(
    @Ctx() ctx: AppContext,
    @Arg('input', () => ExportPersonalDataInput) input: ExportPersonalDataInput,
  ): Promise<PersonalDataExportPayload> {
    return new DataRequestService(ctx).export(input);
  }

  @Mutation(() => DataErasurePayload, {
    description:
      "Erases a person's data from their orders (name, contact details, address, notes; the counts stay). " +
      'ERASE_PLANNED_VISITS while a visit of theirs is still to come and not deleted. PENDING when a second admin ' +
      'must confirm it (the setting of a country of their orders).',
  })
  async erasePersonalData(
    @Ctx() ctx: AppContext,
    @Arg('input', () => PersonalDataSearchInput) input: PersonalDataSearchInput,
  ): Promise<DataErasurePayload> {
    return { request: await new DataRequestService(ctx).erase(input.search) };
  }

  @Mutation(() => DataErasurePayload, {
    description:
      'A second admin confirms a pending erase, which is then carried out. ERASE_SAME_ADMIN for the admin who asked, ' +
      'ERASE_NOT_PENDING when it waits no more.',
  })
  async confirmDataErasure(
    @Ctx() ctx: AppContext,
    @Arg('id', () => Int, { description: 'The pending request.' }) id: number,
  ): Promise<DataErasurePayload> {
    return { request: await new DataRequestService(ctx).confirm(id) };
  }

  @Query(() => [DataRequest], {
    description: `The audit of data requests, newest first (at most ${DATA_REQUESTS_MAX}).`,
  })
  dataRequests(
    @Ctx() ctx: AppContext,
    @Arg('first', () => Int, { defaultValue: 50, description: `How many, 1 to ${DATA_REQUESTS_MAX}.` }) first: number,
  ): Promise<DataRequest[]> {
    return new DataRequestService(ctx).list(first);
  }

  @Query(() => [DataRequestSetting], { description: 'How long each country keeps personal data: NL first, then BE.' })
  dataRequestSettings(@Ctx() ctx: AppContext): Promise<DataRequestSetting[]> {
    return new DataRequestSettingService(ctx).list();
  }

  @Mutation(() => DataRequestSetting, {
    description:
      'Changes how long a country keeps personal data. BAD_USER_INPUT (with `fields`) for months out of range.',
  })
  updateDataRequestSetting(
    @Ctx() ctx: AppContext,
    @Arg('input', () => DataRequestSettingInput) input: DataRequestSettingInput,
  ): Promise<DataRequestSetting> {
    return new DataRequestSettingService(ctx).update(input);
  }
}

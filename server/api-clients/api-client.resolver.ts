import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { RequireRoleForAll } from '../common/auth/require-role.js';
import { Role } from '../common/auth/role.js';
import type { AppContext } from '../context.js';
import { CreateApiClientInput, RotateApiClientKeyInput } from './api-client.inputs.js';
import { ApiClientService } from './api-client.service.js';
import { ApiClient, ApiClientKeyPayload } from './api-client.types.js';

/** Staff only: no scope opens these to an application's key. */
@Resolver()
@RequireRoleForAll(Role.ADMIN)
export class ApiClientResolver {
  @Query(() => [ApiClient], { description: 'The applications (at most 200), live ones first, by name.' })
  apiClients(@Ctx() ctx: AppContext): Promise<ApiClient[]> {
    return new ApiClientService(ctx).list();
  }

  @Mutation(() => ApiClientKeyPayload, { description: 'Creates an application and its key, shown this once.' })
  createApiClient(
    @Ctx() ctx: AppContext,
    @Arg('input', () => CreateApiClientInput) input: CreateApiClientInput,
  ): Promise<ApiClientKeyPayload> {
    return new ApiClientService(ctx).create(input);
  }

  @Mutation(() => ApiClientKeyPayload, {
    description:
      'Gives an application a new key, shown this once; its current keys stay valid for `overlapHours`. ' +
      'API_CLIENT_NOT_FOUND for an unknown or revoked one.',
  })
  rotateApiClientKey(
    @Ctx() ctx: AppContext,
    @Arg('input', () => RotateApiClientKeyInput) input: RotateApiClientKeyInput,
  ): Promise<ApiClientKeyPayload> {
    return new ApiClientService(ctx).rotate(input);
  }

  @Mutation(() => ApiClient, { description: 'Revokes an application: its keys are refused at once.' })
  revokeApiClient(@Ctx() ctx: AppContext, @Arg('id', () => Int) id: number): Promise<ApiClient> {
    return new ApiClientService(ctx).revoke(id);
  }
}

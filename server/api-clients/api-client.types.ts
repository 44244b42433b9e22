import { Field, Int, ObjectType } from 'type-graphql';
import { RequireRoleForAll } from '../common/auth/require-role.js';
import { Role } from '../common/auth/role.js';
import { Country } from '../common/locale.js';

@ObjectType({
  description:
    "An integrator's application: it calls the API with its own key (`Authorization: Bearer tvk_…`), with the " +
    "admin's role rules narrowed by its scopes.",
})
@RequireRoleForAll(Role.ADMIN)
export class ApiClient {
  @Field(() => Int, { description: 'Database id.' })
  id!: number;

  @Field({ description: 'The name the office gave it.' })
  name!: string;

  @Field(() => [String], { description: 'The prefixes of its valid keys (`tvk_<prefix>_…`), the newest first.' })
  keyPrefixes!: string[];

  @Field(() => [String], {
    description: 'Its scopes, as integrators write them: orders:read, orders:write, visits:read, statistics:read.',
  })
  scopes!: string[];

  @Field(() => [Country], { description: 'The countries whose orders it may write.' })
  countries!: Country[];

  @Field(() => Int, { description: 'Requests it may make per minute.' })
  requestBudget!: number;

  @Field(() => Int, { description: 'The summed GraphQL cost of its operations per minute (`extensions.cost`).' })
  costBudget!: number;

  @Field({ description: 'When it was created.' })
  createdAt!: Date;

  @Field(() => Date, { nullable: true, description: 'When it was revoked: its keys are refused since.' })
  revokedAt!: Date | null;

  @Field(() => Date, { nullable: true, description: 'When its key was last used, to the minute.' })
  lastUsedAt!: Date | null;
}

@ObjectType({ description: 'An application with a new key: the key is shown this once, and never again.' })
@RequireRoleForAll(Role.ADMIN)
export class ApiClientKeyPayload {
  @Field(() => ApiClient, { description: 'The application.' })
  apiClient!: ApiClient;

  @Field({ description: 'The key, `tvk_<prefix>_<secret>`: only its hash is stored.' })
  key!: string;
}

import { Field, InputType } from 'type-graphql';
import type { OfficeRole } from '../common/auth/role.js';
import { OfficeRoleValues } from './admin.entity.js';

@InputType({ description: 'The fields of an admin, for creating and editing.' })
export class AdminInput {
  @Field({ description: 'First name (required).' })
  firstname!: string;

  @Field({ description: 'Last name (required).' })
  lastname!: string;

  @Field({ description: 'Sign-in e-mail address; unique among admins.' })
  email!: string;

  @Field({ description: 'An inactive admin cannot sign in; default false.', defaultValue: false })
  inactive!: boolean;

  @Field(() => OfficeRoleValues, {
    nullable: true,
    description: 'What the account may do: a new account is an ADMIN when not given; on an edit, null keeps it.',
  })
  role?: OfficeRole | null;
}

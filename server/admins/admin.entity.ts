import { Entity, Enum, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';
import { RequireRoleForAll } from '../common/auth/require-role.js';
import { PERSON_NAME_MAX_LENGTH } from '../../shared/staff.js';
import { EMAIL_MAX_LENGTH } from '../../shared/text.js';
import { OFFICE, OFFICE_ROLES, Role, ROLE_DESCRIPTIONS, type OfficeRole } from '../common/auth/role.js';

/** The office roles as their own GraphQL enum: an account's role is never a consumer's or a technician's. */
export const OfficeRoleValues = { ADMIN: Role.ADMIN, DISPATCHER: Role.DISPATCHER, VIEWER: Role.VIEWER } as const;

registerEnumType(OfficeRoleValues, {
  name: 'OfficeRole',
  description: 'What an office account may do; the rule of each field is its @auth.',
  valuesConfig: Object.fromEntries(OFFICE_ROLES.map((role) => [role, { description: ROLE_DESCRIPTIONS[role] }])),
});

@ObjectType({ description: 'A person who works in the office: an admin, a dispatcher or a viewer.' })
@Entity({ tableName: 'admins' })
@RequireRoleForAll(...OFFICE)
export class Admin {
  @Field(() => Int, { description: 'Database id.' })
  @PrimaryKey()
  id!: number;

  @Field({ description: 'First name.' })
  @Property({ length: PERSON_NAME_MAX_LENGTH })
  firstname!: string;

  @Field({ description: 'Last name.' })
  @Property({ length: PERSON_NAME_MAX_LENGTH })
  lastname!: string;

  @Field({ description: 'Sign-in e-mail address, stored in lower case; unique among admins.' })
  @Property({ length: EMAIL_MAX_LENGTH, unique: true })
  email!: string;

  /** argon2id hash; null until the admin has set a password. Never exposed. */
  @Property({ type: 'text', nullable: true, lazy: true })
  passwordHash: string | null = null;

  @Field(() => OfficeRoleValues, {
    description: 'What the account may do; a change holds from its next request, its sessions stay.',
  })
  @Enum({ items: () => [...OFFICE_ROLES], columnType: 'varchar(16)', default: Role.ADMIN })
  role: OfficeRole = Role.ADMIN;

  @Field({ description: 'An inactive admin cannot sign in and its tokens stop working at once.' })
  @Property()
  inactive: boolean = false;

  /** Raised when the password changes or the admin is deactivated; tokens carry it and must match. */
  @Property()
  tokenVersion: number = 0;

  @Field({ description: 'When the admin was created.' })
  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt!: Date;
}

import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Field, Int, ObjectType } from 'type-graphql';
import { RequireRoleForAll } from '../common/auth/require-role.js';
import { Role } from '../common/auth/role.js';
import { PERSON_NAME_MAX_LENGTH } from '../../shared/staff.js';
import { EMAIL_MAX_LENGTH } from '../../shared/text.js';

@ObjectType({ description: 'A person who manages the portal.' })
@Entity({ tableName: 'admins' })
@RequireRoleForAll(Role.ADMIN)
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

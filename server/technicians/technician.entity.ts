import { Check, Entity, Enum, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Field, Int, ObjectType } from 'type-graphql';
import { RequireRoleForAll } from '../common/auth/require-role.js';
import { Country } from '../common/locale.js';
import { DEFAULT_STARTING_HOUR } from '../../shared/hours.js';
import { PERSONAL_NUMBER_MAX_LENGTH, PERSON_NAME_MAX_LENGTH } from '../../shared/staff.js';
import { EMAIL_MAX_LENGTH } from '../../shared/text.js';
import { OFFICE } from '../common/auth/role.js';

@ObjectType({ description: 'A technician who visits customers.' })
@Entity({ tableName: 'technicians' })
@Check({ name: 'technicians_starting_time_check', expression: '"starting_time" >= 7 and "starting_time" <= 20' })
@RequireRoleForAll(...OFFICE)
export class Technician {
  @Field(() => Int, { description: 'Database id.' })
  @PrimaryKey()
  id!: number;

  @Field({ description: 'First name; shown in the planner greeting.' })
  @Property({ length: PERSON_NAME_MAX_LENGTH })
  firstname!: string;

  @Field({ description: 'Last name.' })
  @Property({ length: PERSON_NAME_MAX_LENGTH })
  lastname!: string;

  @Field({ description: 'Sign-in e-mail address, stored in lower case; unique among technicians.' })
  @Property({ length: EMAIL_MAX_LENGTH, unique: true })
  email!: string;

  @Field({
    description:
      'The personal N-number that identifies the technician in imports; unique and not editable. Legacy REST calls it `<brand>_identifier`.',
  })
  @Property({ length: PERSONAL_NUMBER_MAX_LENGTH, unique: true })
  personalNumber!: string;

  @Field(() => Int, { description: 'Hour (7-20) the technician usually starts; default 8.' })
  @Property({ type: 'smallint' })
  startingTime: number = DEFAULT_STARTING_HOUR;

  @Field(() => Country, {
    description: "Country whose working days and holidays decide the technician's next schedule date.",
  })
  @Enum({ items: () => Country, nativeEnumName: 'country' })
  country: Country = Country.NL;

  @Field(() => Date, { nullable: true, description: 'Last successful sign-in, or null when never.' })
  @Property({ type: 'datetime', nullable: true })
  lastOnline: Date | null = null;

  /** argon2id hash; null until the technician has set a password through the reset mail. */
  @Property({ type: 'text', nullable: true, lazy: true })
  passwordHash: string | null = null;

  /** Raised when the password changes; tokens carry it and must match. */
  @Property()
  tokenVersion: number = 0;

  @Field({ description: 'When the technician was created.' })
  @Property({ type: 'datetime', defaultRaw: 'now()' })
  createdAt!: Date;
}

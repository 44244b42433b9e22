import { Check, Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Field, ObjectType } from 'type-graphql';
import { RequireRoleForAll } from '../common/auth/require-role.js';
import { Country, Language } from '../common/locale.js';
import { MORNING_SMS_DEFAULT } from '../../shared/messages.js';
import { OFFICE } from '../common/auth/role.js';

/** How a country's consumers are told (docs/rules.md, Consumer messages). One row per country. */
@Entity({ tableName: 'message_settings' })
@Check({
  name: 'message_settings_morning_sms_at_check',
  expression: `"morning_sms_at" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`,
})
@ObjectType({ description: "How a country's consumers are told about their visits: one per country." })
@RequireRoleForAll(...OFFICE)
export class MessageSetting {
  /** The column is of the `country` enum type; a primary key cannot be declared as an @Enum. */
  @PrimaryKey({ type: 'string', columnType: 'country' })
  @Field(() => Country, { description: 'The country these settings are for.' })
  country!: Country;

  /** Off: nothing is sent to this country's consumers. */
  @Property()
  @Field({
    description: "Messages are sent at all (the default). Off: no message, and the consumer's page promises none.",
  })
  enabled: boolean = true;

  @Property()
  @Field({ description: 'Messages go by e-mail to orders with an e-mail address.' })
  email: boolean = true;

  @Property()
  @Field({ description: 'Messages go by SMS to orders with a Dutch or Belgian mobile number.' })
  sms: boolean = true;

  /** Shown as the sender of mails and at the start of every SMS. */
  @Property({ length: 60 })
  @Field({ description: 'The name mails come from, and the first word of every SMS (its first 11 characters).' })
  senderName!: string;

  /** When the visit day's SMS goes, local time (docs/rules.md, Consumer messages). */
  @Property({ length: 5, default: MORNING_SMS_DEFAULT })
  @Field({
    description:
      'When the SMS of the visit day goes to consumers with a mobile number, local time "HH:MM" (default 07:30): the window and the answers 1, 2 and 3.',
  })
  morningSmsAt: string = MORNING_SMS_DEFAULT;

  /** The language of every message to this country's consumers. */
  @Property({ type: 'string', columnType: 'varchar(2)' })
  @Field(() => Language, { description: "The language of the messages to this country's consumers." })
  language!: Language;
}

import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Language, type Country } from '../common/locale.js';

/** How a country's consumers are told (docs/decisions.md, Consumer messages). One row per country. */
@Entity({ tableName: 'message_settings' })
export class MessageSetting {
  /** The column is of the `country` enum type; a primary key cannot be declared as an @Enum. */
  @PrimaryKey({ type: 'string', columnType: 'country' })
  country!: Country;

  /** Off: nothing is sent to this country's consumers. */
  @Property()
  enabled: boolean = true;

  @Property()
  email: boolean = true;

  @Property()
  sms: boolean = true;

  /** Shown as the sender of mails and at the start of every SMS. */
  @Property({ length: 60 })
  senderName!: string;

  /** The language of every message to this country's consumers. */
  @Property({ type: 'string', columnType: 'varchar(2)' })
  language!: Language;
}

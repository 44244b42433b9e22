import { Field, InputType } from 'type-graphql';
import { Country, Language } from '../common/locale.js';

@InputType({ description: "A country's message settings, all at once." })
export class MessageSettingInput {
  @Field(() => Country, { description: 'The country to change.' })
  country!: Country;

  @Field({ description: 'Send messages at all.' })
  enabled!: boolean;

  @Field({ description: 'Send by e-mail.' })
  email!: boolean;

  @Field({ description: 'Send by SMS.' })
  sms!: boolean;

  @Field({
    description:
      "1 to 40 letters, digits and spaces, with . , & ' - inside (it names the mails' sender and opens every SMS).",
  })
  senderName!: string;

  @Field(() => Language, { description: 'The language of the messages.' })
  language!: Language;

  @Field(() => String, {
    nullable: true,
    description: 'When the SMS of the visit day goes, local time "HH:MM" (00:00 to 23:59). Left out: unchanged.',
  })
  morningSmsAt?: string | null;
}

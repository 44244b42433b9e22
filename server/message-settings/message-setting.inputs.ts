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
}

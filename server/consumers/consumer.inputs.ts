import { Field, InputType } from 'type-graphql';
import { Country } from '../common/locale.js';

@InputType({
  description:
    'What a consumer types to find the visit: postcode and house number in the Netherlands, phone number in Belgium.',
})
export class LookUpVisitsInput {
  @Field(() => Country, {
    nullable: true,
    description: "Which country's orders to search, and how: NL by address, BE by phone. Default: the site's country.",
  })
  country?: Country | null;

  @Field(() => String, {
    nullable: true,
    description: 'NL: the postcode as typed (`1234 ab` and `1234AB` are the same).',
  })
  zipcode?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'NL: the house number as typed; only the number counts (`12`, `12a`, `12 a` and `12-3` find 12).',
  })
  houseNumber?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'BE: the phone number as typed, with or without +32/0032/0, spaces, dots or slashes.',
  })
  phoneNumber?: string | null;
}

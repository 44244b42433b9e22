import { createUnionType, Field, ObjectType, registerEnumType } from 'type-graphql';
import { Country, Language } from '../common/locale.js';
import { LinkRefusal } from './link-check.js';

registerEnumType(LinkRefusal, {
  name: 'PersonalLinkRefusal',
  description: 'Why a personal link does not open the visit.',
  valuesConfig: {
    INVALID: { description: 'Not a link we made: mistyped, cut off or tampered with.' },
    EXPIRED: { description: 'The visit day is over (the link is valid until local midnight after the visit).' },
    REVOKED: {
      description:
        'The order was deleted (restored or not), or an address the link went to was replaced, after the link was sent; a newer message has the current link.',
    },
  },
});

@ObjectType({ description: 'The personal link is valid: a data token for its one visit.' })
export class PersonalLinkOpened {
  @Field({
    description:
      "A short-lived CONSUMER bearer token for the link's visit only, as `lookUpVisits` gives; it carries `external { state, company }`.",
  })
  dataToken!: string;

  @Field(() => Country, { description: "The order's country." })
  country!: Country;

  @Field(() => Language, { description: "The order's language: show the visit in it." })
  language!: Language;
}

@ObjectType({ description: 'The personal link does not open the visit; look it up by address or phone instead.' })
export class PersonalLinkRefused {
  @Field(() => LinkRefusal, { description: 'Why: not ours, past its visit day, or revoked.' })
  reason!: LinkRefusal;

  @Field(() => Country, {
    nullable: true,
    description: "The order's country when the link is genuine (expired or revoked); null for a link we did not make.",
  })
  orderCountry!: Country | null;

  @Field(() => Language, {
    nullable: true,
    description: "The order's language when the link is genuine; null for a link we did not make (use the site's).",
  })
  orderLanguage!: Language | null;
}

export const OpenPersonalLinkResult = createUnionType({
  name: 'OpenPersonalLinkResult',
  description: 'A data token for the visit of a personal link, or why there is none.',
  types: () => [PersonalLinkOpened, PersonalLinkRefused] as const,
  resolveType: (value) => (value instanceof PersonalLinkRefused ? PersonalLinkRefused : PersonalLinkOpened),
});

@ObjectType({ description: "The order's e-mail address gets no more messages about visits." })
export class EmailUnsubscribed {
  @Field({ description: 'The address, masked (`j•••@example.nl`): enough to recognise it, never the whole.' })
  maskedEmail!: string;

  @Field(() => Country, { description: "The order's country." })
  country!: Country;

  @Field(() => Language, { description: "The order's language." })
  language!: Language;
}

export const UnsubscribeByPersonalLinkResult = createUnionType({
  name: 'UnsubscribeByPersonalLinkResult',
  description: 'The e-mail address was unsubscribed, or the link is not one of ours (INVALID) or its order is gone.',
  types: () => [EmailUnsubscribed, PersonalLinkRefused] as const,
  resolveType: (value) => (value instanceof PersonalLinkRefused ? PersonalLinkRefused : EmailUnsubscribed),
});

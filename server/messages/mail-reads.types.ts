import { Field, Float, Int, ObjectType } from 'type-graphql';
import { RequireRoleForAll } from '../common/auth/require-role.js';
import { Country } from '../common/locale.js';
import { LocalDateScalar } from '../common/time/date-scalars.js';
import { OFFICE } from '../common/auth/role.js';

@ObjectType({
  description:
    'Consumer mails sent on one local day (or in the whole period), and how many of those were opened at least once.',
})
@RequireRoleForAll(...OFFICE)
export class MailReadDay {
  @Field(() => LocalDateScalar, { nullable: true, description: 'The day, in `timeZone`; null for the total.' })
  date!: string | null;

  @Field(() => Int, {
    description: 'Mails handed to the mail server that day (a mail sent again counts on its last day).',
  })
  sent!: number;

  @Field(() => Int, {
    description:
      "Of those, the mails opened at least once: the order's open image loaded after the mail was sent and before " +
      "the order's next mail (as the message log's `openedAt`), on any later day.",
  })
  opened!: number;

  @Field(() => Float, { nullable: true, description: 'opened / sent in percent (0-100); null when none was sent.' })
  readPercent!: number | null;
}

@ObjectType({ description: 'Consumer mails sent and read per day of a period (at most 92 days).' })
@RequireRoleForAll(...OFFICE)
export class MailReads {
  @Field(() => LocalDateScalar, { description: 'First day, inclusive.' })
  from!: string;

  @Field(() => LocalDateScalar, { description: 'Last day, inclusive.' })
  to!: string;

  @Field(() => Country, { nullable: true, description: 'The country counted; null: both.' })
  country!: Country | null;

  @Field({ description: 'IANA zone of the days, e.g. Europe/Amsterdam.' })
  timeZone!: string;

  @Field(() => [MailReadDay], { description: 'Every day of the period in order, days without mail included (0).' })
  days!: MailReadDay[];

  @Field(() => MailReadDay, { description: 'The whole period.' })
  total!: MailReadDay;
}

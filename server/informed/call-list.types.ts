import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';
import { RequireRoleForAll } from '../common/auth/require-role.js';
import { Country } from '../common/locale.js';
import { Order } from '../orders/index.js';
import { LocalDateScalar } from '../common/time/date-scalars.js';
import { OFFICE } from '../common/auth/role.js';

/** A row of the call list by its call: not called yet, or the status of its last call. */
export enum CallListStatus {
  NOT_CALLED = 'NOT_CALLED',
  REACHED = 'REACHED',
  NO_ANSWER = 'NO_ANSWER',
  VOICEMAIL = 'VOICEMAIL',
  WRONG_NUMBER = 'WRONG_NUMBER',
}

registerEnumType(CallListStatus, {
  name: 'CallListStatus',
  description: 'Where a row of the call list is: not called yet, or the status of its last call (see CallStatus).',
  valuesConfig: {
    NOT_CALLED: { description: 'Nobody recorded a call for this visit day yet.' },
    REACHED: { description: 'The last call reached the customer.' },
    NO_ANSWER: { description: 'The last call was not answered.' },
    VOICEMAIL: { description: 'The last call ended on voicemail.' },
    WRONG_NUMBER: { description: 'The number does not reach the customer.' },
  },
});

@ObjectType({ description: 'How many rows of the call list have a status.' })
@RequireRoleForAll(...OFFICE)
export class CallListStatusCount {
  @Field(() => CallListStatus, { description: 'The status.' })
  status!: CallListStatus;

  @Field(() => Int, { description: 'Rows with that status.' })
  count!: number;
}

@ObjectType({
  description:
    'The evening-before call list: the orders of the next working day whose customer has not looked up the window by the chosen time or asked to be called, and those already called.',
})
@RequireRoleForAll(...OFFICE)
export class CallList {
  @Field(() => Country, { description: 'The country of the orders.' })
  country!: Country;

  @Field(() => LocalDateScalar, {
    description: "The visit day: the next working day after today in the country's zone.",
  })
  date!: string;

  @Field({ description: 'The zone the day and times are read in (Europe/Amsterdam, Europe/Brussels).' })
  timeZone!: string;

  @Field({ description: 'When the windows of that day are first shown: 13:30 on the working day before.' })
  windowShownFrom!: Date;

  @Field({ description: 'Lookups up to this instant count (the chosen time today, or now).' })
  cutoff!: Date;

  @Field(() => Int, {
    description:
      'Orders of that day we make ourselves (not deleted, not external), informed or not; of the chosen technician only when one is chosen.',
  })
  totalOrders!: number;

  @Field(() => [CallListStatusCount], {
    description:
      'The rows of the list (of the chosen technician, any status) per call status, every status once, NOT_CALLED first.',
  })
  counts!: CallListStatusCount[];

  @Field(() => Int, {
    description: 'The rows that match the filters; `orders` holds the first of them (at most 500).',
  })
  matchingOrders!: number;

  @Field(() => [Order], {
    description:
      'The rows: orders whose customer has not seen the window between `windowShownFrom` and `cutoff`, orders whose customer answered CALL_ME, and orders with a call status for that day. Calls still to make first (those asking to be called, then the others: not called, no answer, voicemail), then the done ones (reached, wrong number); each part by start. At most 500.',
  })
  orders!: Order[];
}

import { Field, InputType, Int, registerEnumType } from 'type-graphql';
import { Country, Language } from '../common/locale.js';
import { FOLLOW_UP_WINDOW_DAYS } from '../../shared/office-figures.js';
import { VISIT_DURATION_SECONDS } from './order.entity.js';

const TECHNICIAN_REF = "The technician's database id or personal number (N-number).";

@InputType({ description: 'A new order. Every field is checked; problems come back per field in `extensions.fields`.' })
export class CreateOrderInput {
  @Field({ description: 'Unique reference number: letters, digits and . _ / -.' })
  referenceNumber!: string;

  @Field({ description: 'Customer name.' })
  name!: string;

  @Field({ description: 'Customer e-mail address.' })
  email!: string;

  @Field({ description: 'Customer phone number, in any usual notation.' })
  phone!: string;

  @Field({ description: 'Postcode: 1234 AB (NL) or 1000 (BE).' })
  zipcode!: string;

  @Field({ description: 'House number, digits only.' })
  houseNumber!: string;

  @Field(() => String, {
    nullable: true,
    description: 'House-number addition, at most 10 characters: letters and digits ("a", "2", "bis"); empty is none.',
  })
  houseNumberAddition?: string | null;

  @Field(() => String, { nullable: true, description: 'Street name, at most 200 characters; empty is none.' })
  street?: string | null;

  @Field({ description: 'City.' })
  city!: string;

  @Field(() => Country, { nullable: true, description: "The order's country; the site's country when omitted." })
  country?: Country | null;

  @Field({
    description:
      "Start of the visit window: a whole hour from 07:00 to 18:00 in the order's country, on today or a later day there.",
  })
  appointment!: Date;

  @Field(() => Int, {
    nullable: true,
    description: `Length of the visit window in seconds; always ${VISIT_DURATION_SECONDS}.`,
  })
  duration?: number | null;

  @Field({ description: TECHNICIAN_REF })
  technician!: string;

  @Field(() => Boolean, { nullable: true, description: 'A special order (legacy flag 1); false when omitted.' })
  special?: boolean | null;

  @Field(() => Language, {
    nullable: true,
    description: "The consumer's language; when omitted, a Belgian postcode's region decides, else the country's.",
  })
  language?: Language | null;
}

@InputType({ description: 'Gives an active order another technician.' })
export class ReassignOrderInput {
  @Field({ description: 'The reference number of the order.' })
  referenceNumber!: string;

  @Field({ description: TECHNICIAN_REF })
  technician!: string;
}

@InputType({ description: 'Moves orders to another technician: all of them or, on any problem, none.' })
export class MigrateOrdersInput {
  @Field(() => [Int], { description: 'Ids of the orders to move (at most 500).' })
  orderIds!: number[];

  @Field(() => String, {
    nullable: true,
    description: `The technician the orders belong to now; when omitted, they must all belong to one technician. ${TECHNICIAN_REF}`,
  })
  fromTechnician?: string | null;

  @Field({ description: `The receiving technician. ${TECHNICIAN_REF}` })
  toTechnician!: string;
}

@InputType({ description: 'Narrows the orders list; all conditions must hold.' })
export class OrderFilterInput {
  @Field(() => String, { nullable: true, description: TECHNICIAN_REF })
  technician?: string | null;

  @Field(() => Boolean, {
    nullable: true,
    description:
      'true: only orders without a technician (imported without one, or whose technician was deleted); false: only those with one.',
  })
  withoutTechnician?: boolean | null;

  @Field(() => Date, { nullable: true, description: 'Appointments at or after this instant.' })
  from?: Date | null;

  @Field(() => Date, { nullable: true, description: 'Appointments before this instant.' })
  to?: Date | null;

  @Field(() => Country, { nullable: true })
  country?: Country | null;

  @Field(() => String, { nullable: true, description: 'Exact reference number.' })
  referenceNumber?: string | null;

  @Field(() => Boolean, {
    nullable: true,
    description: 'true: only deleted orders; false: only active ones; omitted: both.',
  })
  deleted?: boolean | null;

  @Field(() => String, {
    nullable: true,
    description:
      'Finds orders by any part of the customer name, city, e-mail address or reference (case and accents do not ' +
      'matter; at least 3 letters or digits in a row: punctuation alone is refused), by postcode with or without ' +
      'house number ("3511 CD 6"; an unreadable number is refused), or by phone number in any notation (at least 6 ' +
      'digits). A list that runs past its time answers LIST_TOO_BROAD: narrow it.',
  })
  search?: string | null;

  @Field(() => Boolean, {
    nullable: true,
    description:
      'true: only orders whose customer looked up the window on the consumer site; false: only the others. Needs `from`.',
  })
  informed?: boolean | null;

  @Field(() => ReplyFilter, { nullable: true, description: "By the customer's reply." })
  reply?: ReplyFilter | null;

  @Field(() => Boolean, { nullable: true, description: 'true: only special orders; false: only the others.' })
  special?: boolean | null;

  @Field(() => Boolean, {
    nullable: true,
    description: 'true: only orders an external company handles; false: only ours.',
  })
  external?: boolean | null;

  @Field(() => Boolean, {
    nullable: true,
    description:
      "true: only orders whose technician confirmed the order's day in the planner (the day is locked); false: " +
      'only the others (no technician, or a day not confirmed).',
  })
  dayConfirmed?: boolean | null;

  @Field(() => Boolean, {
    nullable: true,
    description: "true: only orders on a holiday of the order's country; false: only the others.",
  })
  onHoliday?: boolean | null;

  @Field(() => VisitOutcomeFilter, {
    nullable: true,
    description: "By how the technician's visit ended (finished visits only).",
  })
  visitOutcome?: VisitOutcomeFilter | null;

  @Field(() => ArrivalFilter, {
    nullable: true,
    description: 'By when the technician reached the address: on time (by the end of the window) or late.',
  })
  arrival?: ArrivalFilter | null;

  @Field(() => Boolean, {
    nullable: true,
    description:
      `true: only first visits; false: only follow-up visits (the same customer had a visit that ended with parts ` +
      `ordered or not done in the ${FOLLOW_UP_WINDOW_DAYS} days before).`,
  })
  firstVisit?: boolean | null;

  @Field(() => Boolean, {
    nullable: true,
    description: 'true: only orders the customer rated after the visit; false: only the others.',
  })
  rated?: boolean | null;
}

/** Which consumer replies an order list keeps. */
export enum ReplyFilter {
  NONE = 'NONE',
  ANY = 'ANY',
  AT_HOME = 'AT_HOME',
  CALL_ME = 'CALL_ME',
  ACCESS_NOTE = 'ACCESS_NOTE',
}

registerEnumType(ReplyFilter, {
  name: 'ReplyFilter',
  description: "Orders by the customer's reply on the visit page.",
  valuesConfig: {
    NONE: { description: 'No reply at all.' },
    ANY: { description: 'Any reply (an answer or an access note).' },
    AT_HOME: { description: 'Answered "at home".' },
    CALL_ME: { description: 'Answered "call me".' },
    ACCESS_NOTE: { description: 'Left an access note.' },
  },
});

/** Which finished visits an order list keeps. */
export enum VisitOutcomeFilter {
  FINISHED = 'FINISHED',
  CUSTOMER_HOME = 'CUSTOMER_HOME',
  REPAIRED = 'REPAIRED',
  FOLLOW_UP_PARTS = 'FOLLOW_UP_PARTS',
  NOT_HOME = 'NOT_HOME',
  NOT_DONE = 'NOT_DONE',
}

registerEnumType(VisitOutcomeFilter, {
  name: 'VisitOutcomeFilter',
  description: "Orders by how the technician's visit ended.",
  valuesConfig: {
    FINISHED: { description: 'Finished, whatever the outcome.' },
    CUSTOMER_HOME: { description: 'Finished with the customer at home: every outcome but NOT_HOME.' },
    REPAIRED: { description: 'Repaired.' },
    FOLLOW_UP_PARTS: { description: 'A follow-up visit is needed, parts are ordered.' },
    NOT_HOME: { description: 'Nobody was at home.' },
    NOT_DONE: { description: 'Not done for another reason.' },
  },
});

/** When the technician reached the address, by the late rule (docs/rules.md, Figures for the office). */
export enum ArrivalFilter {
  REACHED = 'REACHED',
  ON_TIME = 'ON_TIME',
  LATE = 'LATE',
}

registerEnumType(ArrivalFilter, {
  name: 'ArrivalFilter',
  description:
    'Orders by when the technician reached the address: the "Aangekomen" tap, or "Afgerond" when that was skipped.',
  valuesConfig: {
    REACHED: { description: 'Reached, on time or late.' },
    ON_TIME: { description: 'Reached by the end of the window (an early arrival is on time).' },
    LATE: { description: 'Reached after the end of the window.' },
  },
});

/** The columns an order list can be sorted by. */
export enum OrderSortField {
  APPOINTMENT = 'APPOINTMENT',
  NAME = 'NAME',
  REFERENCE_NUMBER = 'REFERENCE_NUMBER',
  CITY = 'CITY',
  ZIPCODE = 'ZIPCODE',
}

registerEnumType(OrderSortField, { name: 'OrderSortField', description: 'A column to sort an order list by.' });

export enum SortDirection {
  ASC = 'ASC',
  DESC = 'DESC',
}

registerEnumType(SortDirection, { name: 'SortDirection', description: 'Ascending or descending.' });

@InputType({ description: 'The sort order of an order list; ties are broken by id, in the same direction.' })
export class OrderSortInput {
  @Field(() => OrderSortField)
  field!: OrderSortField;

  @Field(() => SortDirection, { defaultValue: SortDirection.ASC })
  direction: SortDirection = SortDirection.ASC;
}

@InputType({
  description:
    "Corrects the visit address of an active order; the country stays the order's. Checked as when creating one; " +
    'problems come back per field in `extensions.fields`.',
})
export class UpdateOrderAddressInput {
  @Field(() => Int, { description: 'Database id of the order.' })
  orderId!: number;

  @Field({ description: "Postcode in the order's country: 1234 AB (NL) or 1000 (BE)." })
  zipcode!: string;

  @Field({ description: 'House number, digits only.' })
  houseNumber!: string;

  @Field(() => String, {
    nullable: true,
    description: 'House-number addition, at most 10 characters: letters and digits ("a", "2", "bis"); empty is none.',
  })
  houseNumberAddition?: string | null;

  @Field(() => String, { nullable: true, description: 'Street name, at most 200 characters; empty is none.' })
  street?: string | null;

  @Field({ description: 'City.' })
  city!: string;
}

import { Field, InputType, Int } from 'type-graphql';
import { Country } from '../common/locale.js';
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
}

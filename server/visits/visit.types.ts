import { Field, Int, ObjectType } from 'type-graphql';
import { RequireRoleForAll } from '../common/auth/require-role.js';
import { Role } from '../common/auth/role.js';
import { Country } from '../common/locale.js';
import { LocalDateScalar } from '../common/time/date-scalars.js';
import { ConsumerReply } from '../replies/consumer-reply.entity.js';
import { VisitStatus, type VisitStatusView } from './visit-status.entity.js';

@ObjectType({
  description:
    "An order as the technician sees it in the planner and on the visit day: the visit window, who and where, the customer's reply and the visit status.",
})
@RequireRoleForAll(Role.TECHNICIAN)
export class ScheduleOrder {
  @Field(() => Int, { description: 'Order id; `appointment_id` when confirming through the legacy call.' })
  id!: number;

  @Field({ description: 'Start of the visit window.' })
  appointment!: Date;

  @Field(() => Int, { description: 'Length of the visit window in seconds (10800).' })
  duration!: number;

  @Field({ description: 'Customer name.' })
  name!: string;

  @Field({ description: 'Postcode of the visit address.' })
  zipcode!: string;

  @Field(() => Int, { description: 'House number of the visit address (digits only).' })
  houseNumber!: number;

  @Field(() => String, { nullable: true, description: 'Street of the visit address; null when not known.' })
  street!: string | null;

  @Field(() => String, { nullable: true, description: 'House-number addition ("a" of 12a); null when none.' })
  houseNumberAddition!: string | null;

  @Field({ description: 'City of the visit address.' })
  city!: string;

  @Field(() => Country, { description: 'Country of the visit address; its zone is the zone of the visit times.' })
  country!: Country;

  @Field({ description: 'Customer phone number as entered: the technician calls 30 minutes before arriving.' })
  phone!: string;

  @Field(() => String, {
    nullable: true,
    description: 'The name of the external company that handles the visit; null when we make the visit ourselves.',
  })
  externalPartner!: string | null;

  @Field({ description: 'A special order, highlighted in the planner.' })
  special!: boolean;

  @Field(() => ConsumerReply, {
    nullable: true,
    description: "The customer's reply (at home / call me, access note); null when the customer has not replied.",
  })
  reply!: Pick<ConsumerReply, 'answer' | 'accessNote' | 'createdAt' | 'updatedAt'> | null;

  @Field(() => VisitStatus, {
    nullable: true,
    description: "The technician's status of the visit on the visit day; null while the visit is planned.",
  })
  status!: VisitStatusView | null;
}

@ObjectType({ description: "The signed-in technician's visits of today." })
@RequireRoleForAll(Role.TECHNICIAN)
export class TechnicianDay {
  @Field(() => LocalDateScalar, { description: "Today in the technician's country." })
  date!: string;

  @Field(() => [ScheduleOrder], { description: 'The orders of today, not deleted, by start time, with their status.' })
  orders!: ScheduleOrder[];
}

@ObjectType({ description: 'The signed-in technician, and the admin acting as this technician, if any.' })
@RequireRoleForAll(Role.TECHNICIAN)
export class CurrentTechnician {
  @Field({ description: 'First name.' })
  firstname!: string;

  @Field({ description: 'Last name.' })
  lastname!: string;

  @Field(() => String, {
    nullable: true,
    description:
      'The full name of the admin who opened the technician area as this technician; null when the technician signed in.',
  })
  actingAdminName!: string | null;
}

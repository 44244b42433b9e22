import { Field, Int, ObjectType } from 'type-graphql';
import { RequireRole } from '../common/auth/require-role.js';
import { Role } from '../common/auth/role.js';
import { Country } from '../common/locale.js';
import { LocalDateScalar } from '../common/time/date-scalars.js';
import { ConsumerReply } from '../replies/consumer-reply.entity.js';
import { VisitStatus, type VisitStatusView } from './visit-status.entity.js';

@ObjectType({
  description:
    "An order as the technician sees it in the planner and on the visit day: the visit window, who and where, the customer's reply and the visit status.",
})
export class ScheduleOrder {
  @Field(() => Int, { description: 'Order id; `appointment_id` when confirming through the legacy call.' })
  @RequireRole(Role.TECHNICIAN)
  id!: number;

  @Field({ description: 'Start of the visit window.' })
  @RequireRole(Role.TECHNICIAN)
  appointment!: Date;

  @Field(() => Int, { description: 'Length of the visit window in seconds (10800).' })
  @RequireRole(Role.TECHNICIAN)
  duration!: number;

  @Field({ description: 'Customer name.' })
  @RequireRole(Role.TECHNICIAN)
  name!: string;

  @Field({ description: 'Postcode of the visit address.' })
  @RequireRole(Role.TECHNICIAN)
  zipcode!: string;

  @Field(() => Int, { description: 'House number of the visit address (digits only).' })
  @RequireRole(Role.TECHNICIAN)
  houseNumber!: number;

  @Field(() => String, { nullable: true, description: 'Street of the visit address; null when not known.' })
  @RequireRole(Role.TECHNICIAN)
  street!: string | null;

  @Field(() => String, { nullable: true, description: 'House-number addition ("a" of 12a); null when none.' })
  @RequireRole(Role.TECHNICIAN)
  houseNumberAddition!: string | null;

  @Field({ description: 'City of the visit address.' })
  @RequireRole(Role.TECHNICIAN)
  city!: string;

  @Field(() => Country, { description: 'Country of the visit address; its zone is the zone of the visit times.' })
  @RequireRole(Role.TECHNICIAN)
  country!: Country;

  @Field({ description: 'Customer phone number as entered: the technician calls 30 minutes before arriving.' })
  @RequireRole(Role.TECHNICIAN)
  phone!: string;

  @Field(() => String, {
    nullable: true,
    description: 'The name of the external company that handles the visit; null when we make the visit ourselves.',
  })
  @RequireRole(Role.TECHNICIAN)
  externalPartner!: string | null;

  @Field({ description: 'A special order, highlighted in the planner.' })
  @RequireRole(Role.TECHNICIAN)
  special!: boolean;

  @Field(() => ConsumerReply, {
    nullable: true,
    description: "The customer's reply (at home / call me, access note); null when the customer has not replied.",
  })
  @RequireRole(Role.TECHNICIAN)
  reply!: Pick<ConsumerReply, 'answer' | 'accessNote' | 'createdAt' | 'updatedAt'> | null;

  @Field(() => VisitStatus, {
    nullable: true,
    description: "The technician's status of the visit on the visit day; null while the visit is planned.",
  })
  @RequireRole(Role.TECHNICIAN)
  status!: VisitStatusView | null;
}

@ObjectType({ description: "The signed-in technician's visits of today." })
export class TechnicianDay {
  @Field(() => LocalDateScalar, { description: "Today in the technician's country." })
  @RequireRole(Role.TECHNICIAN)
  date!: string;

  @Field(() => [ScheduleOrder], { description: 'The orders of today, not deleted, by start time, with their status.' })
  @RequireRole(Role.TECHNICIAN)
  orders!: ScheduleOrder[];
}

@ObjectType({ description: 'The signed-in technician, and the admin acting as this technician, if any.' })
export class CurrentTechnician {
  @Field({ description: 'First name.' })
  @RequireRole(Role.TECHNICIAN)
  firstname!: string;

  @Field({ description: 'Last name.' })
  @RequireRole(Role.TECHNICIAN)
  lastname!: string;

  @Field(() => String, {
    nullable: true,
    description:
      'The full name of the admin who opened the technician area as this technician; null when the technician signed in.',
  })
  @RequireRole(Role.TECHNICIAN)
  actingAdminName!: string | null;
}

import { LocalDateResolver } from 'graphql-scalars';
import { Field, Int, ObjectType } from 'type-graphql';
import { RequireRole } from '../common/auth/require-role.js';
import { Role } from '../common/auth/role.js';
import { ConsumerReply } from '../replies/consumer-reply.entity.js';

@ObjectType({
  description:
    "An order as the technician sees it in the planner: the visit window, who and where, and the customer's reply.",
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

  @Field({ description: 'City of the visit address.' })
  @RequireRole(Role.TECHNICIAN)
  city!: string;

  @Field(() => Int, { description: '1 for a special order (highlighted in the planner), else 0.' })
  @RequireRole(Role.TECHNICIAN)
  flag!: number;

  @Field(() => ConsumerReply, {
    nullable: true,
    description: "The customer's reply (at home / call me, access note); null when the customer has not replied.",
  })
  @RequireRole(Role.TECHNICIAN)
  reply!: Pick<ConsumerReply, 'answer' | 'accessNote' | 'createdAt' | 'updatedAt'> | null;
}

@ObjectType({ description: "The signed-in technician's schedule of the next working day." })
export class TechnicianSchedule {
  @Field(() => LocalDateResolver, {
    description: "The schedule date: the next working day after today in the technician's country.",
  })
  @RequireRole(Role.TECHNICIAN)
  date!: string;

  @Field({ description: 'True once the schedule was confirmed; a locked schedule cannot be confirmed again.' })
  @RequireRole(Role.TECHNICIAN)
  locked!: boolean;

  @Field(() => [ScheduleOrder], { description: 'The orders of that date, not deleted, by start time.' })
  @RequireRole(Role.TECHNICIAN)
  orders!: ScheduleOrder[];
}

@ObjectType({ description: 'The result of confirming a schedule.' })
export class ConfirmSchedulePayload {
  @Field(() => TechnicianSchedule, { description: 'The confirmed schedule, now locked.' })
  @RequireRole(Role.TECHNICIAN)
  schedule!: TechnicianSchedule;
}

import { Field, ObjectType } from 'type-graphql';
import { RequireRole, RequireRoleForAll } from '../common/auth/require-role.js';
import { Role } from '../common/auth/role.js';
import { LocalDateScalar } from '../common/time/date-scalars.js';
import { ScheduleOrder } from '../visits/index.js';

@ObjectType({ description: "The signed-in technician's schedule of the next working day." })
@RequireRoleForAll(Role.TECHNICIAN)
export class TechnicianSchedule {
  @Field(() => LocalDateScalar, {
    description: "The schedule date: the next working day after today in the technician's country.",
  })
  date!: string;

  @Field({ description: 'True once the schedule was confirmed; a locked schedule cannot be confirmed again.' })
  locked!: boolean;

  @Field(() => Date, {
    nullable: true,
    description: 'When the schedule was confirmed (server clock); null while it is open.',
  })
  confirmedAt!: Date | null;

  @Field(() => [ScheduleOrder], { description: 'The orders of that date, not deleted, by start time.' })
  orders!: ScheduleOrder[];
}

@ObjectType({ description: 'The result of confirming a schedule.' })
export class ConfirmSchedulePayload {
  @Field(() => TechnicianSchedule, { description: 'The confirmed schedule, now locked.' })
  @RequireRole(Role.TECHNICIAN)
  schedule!: TechnicianSchedule;
}

import { LocalDateResolver } from 'graphql-scalars';
import { Field, InputType, Int } from 'type-graphql';

@InputType({ description: 'One order of the schedule with its start after the technician shifted it.' })
export class ScheduleAppointmentInput {
  @Field(() => Int, { description: 'The order id (legacy `appointment_id`).' })
  orderId!: number;

  @Field({ description: 'The new start on the schedule date: in the hours 07 to 20, with the window ending by 22:00.' })
  appointment!: Date;

  @Field(() => Int, { description: 'Window length in seconds; always 10800.' })
  duration!: number;
}

@InputType({ description: 'The whole schedule as the technician confirms it: every order of the day exactly once.' })
export class ConfirmScheduleInput {
  @Field(() => LocalDateResolver, {
    nullable: true,
    description:
      'The date the planner showed. When given and the schedule has moved to another day since, the confirm is refused.',
  })
  date?: string | null;

  @Field(() => [ScheduleAppointmentInput], { description: 'Every order of the schedule date, in time order.' })
  appointments!: ScheduleAppointmentInput[];
}

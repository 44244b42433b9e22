import { Field, InputType, Int } from 'type-graphql';

@InputType({ description: 'Moves an active order to another date and window, optionally with another technician.' })
export class RescheduleOrderInput {
  @Field(() => Int, { description: 'Database id of the order.' })
  orderId!: number;

  @Field({
    description:
      "The new start of the window: a whole hour from 07:00 to 18:00 in the order's country, on a working day " +
      'there (no Sunday, no holiday), not in the past.',
  })
  appointment!: Date;

  @Field(() => String, {
    nullable: true,
    description:
      "The technician of the new date (same country): database id or personal number; the order's own when omitted.",
  })
  technician?: string | null;
}

import { Field, ObjectType } from 'type-graphql';
import { RequireRoleForAll } from '../common/auth/require-role.js';
import { OrderEventActorType } from './order-event-kind.js';
import { OFFICE } from '../common/auth/role.js';

@ObjectType({ description: 'Who made a change, with names as they were at that moment.' })
@RequireRoleForAll(...OFFICE)
export class OrderEventActor {
  @Field(() => OrderEventActorType, { description: 'Admin, technician, consumer or import.' })
  type!: OrderEventActorType;

  @Field(() => String, {
    nullable: true,
    description: 'The admin or technician; for an import the admin who ran it; null for the consumer.',
  })
  name!: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'For a technician: the admin who opened the planner as that technician, if any.',
  })
  actingAdmin!: string | null;

  @Field(() => String, { nullable: true, description: 'For an import: the name of the imported file.' })
  importFileName!: string | null;
}

@ObjectType({ description: 'One field of an order before and after a change.' })
@RequireRoleForAll(...OFFICE)
export class OrderFieldChange {
  @Field({
    description:
      'The `Order` field (e.g. `appointment`, `technician`, `deleted`). Instants are ISO 8601, the technician is ' +
      'a personal number, numbers and booleans are written as text.',
  })
  field!: string;

  @Field(() => String, { nullable: true, description: 'The value before; null when it was empty or did not exist.' })
  before!: string | null;

  @Field(() => String, { nullable: true, description: 'The value after; null when it became empty.' })
  after!: string | null;
}

import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';
import { RequireRoleForAll } from '../common/auth/require-role.js';
import { Role } from '../common/auth/role.js';
import { LocalDateScalar } from '../common/time/date-scalars.js';

/** Where the visit stands in its technician's day, in counts only. */
export enum VisitDayMoment {
  VISITS_BEFORE = 'VISITS_BEFORE',
  AT_VISIT_BEFORE = 'AT_VISIT_BEFORE',
  NEXT = 'NEXT',
  ON_THE_WAY = 'ON_THE_WAY',
  REACHED = 'REACHED',
}

registerEnumType(VisitDayMoment, {
  name: 'VisitDayMoment',
  description: "Where the visit stands in its technician's day; never anything of another visit but a count.",
  valuesConfig: {
    VISITS_BEFORE: { description: '`visitsBefore` visits come first.' },
    AT_VISIT_BEFORE: { description: 'The technician is at the one visit left before this one.' },
    NEXT: { description: 'Every visit before this one is done: this one is next.' },
    ON_THE_WAY: { description: 'The technician is on the way to this visit.' },
    REACHED: { description: 'The technician is at this visit, or was.' },
  },
});

@ObjectType({
  description:
    "The visit's place in its technician's confirmed day and, on the visit day, the narrow expected time: an estimate from the day's order and what the technician's visits really take. The window stays the promise.",
})
@RequireRoleForAll(Role.CONSUMER)
export class VisitDayPlace {
  @Field(() => LocalDateScalar, { description: "The visit's day in its country's zone." })
  date!: string;

  @Field({ description: 'True on the visit day itself.' })
  today!: boolean;

  @Field(() => Int, { description: "The visit's place in the day: 1 for the technician's first visit." })
  position!: number;

  @Field(() => Int, { description: 'How many visits before this one are not finished yet.' })
  visitsBefore!: number;

  @Field(() => VisitDayMoment, { description: 'Where the visit stands in the day.' })
  moment!: VisitDayMoment;

  @Field(() => Date, {
    nullable: true,
    description:
      'Start of the narrow expected time (an hour, on quarter hours, inside the window); null before the visit day and once the technician is there.',
  })
  expectedFrom!: Date | null;

  @Field(() => Date, { nullable: true, description: 'End of the narrow expected time; null when `expectedFrom` is.' })
  expectedUntil!: Date | null;

  @Field(() => Date, {
    nullable: true,
    description:
      "The expected arrival when it lies past the window's end (the visit runs late); null while the window holds.",
  })
  lateArrival!: Date | null;
}

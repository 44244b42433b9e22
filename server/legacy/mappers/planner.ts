import type { LegacyScheduleFragment, LegacyTechnicianScheduleQuery } from '../legacy-operations.generated.js';
import { instantFromMoment, legacyInt, legacyList, toLegacyFlag, type LegacyRequest } from '../legacy-values.js';
import { DateTimeISOScalar, LocalDateScalar } from '../../common/time/date-scalars.js';
import type { AppContext } from '../../context.js';
import { scheduleOfCaller, type PlainTechnicianSchedule } from '../../planner/index.js';

/** A technician's schedule as the legacy calls read and answer it. */
export const LEGACY_SCHEDULE = /* GraphQL */ `
  fragment LegacySchedule on TechnicianSchedule {
    date
    locked
    orders {
      id
      appointment
      duration
      name
      zipcode
      city
      special
    }
  }
`;

/** The fields of `LEGACY_SCHEDULE`, serialised by the schema's own scalars. */
function legacyScheduleData(schedule: PlainTechnicianSchedule): LegacyTechnicianScheduleQuery {
  return {
    technicianSchedule: {
      date: LocalDateScalar.serialize(schedule.date),
      locked: schedule.locked,
      orders: schedule.orders.map(({ id, appointment, duration, name, zipcode, city, special }) => ({
        id,
        appointment: DateTimeISOScalar.serialize(appointment),
        duration,
        name,
        zipcode,
        city,
        special,
      })),
    },
  };
}

/**
 * The legacy schedule's operation run directly on the service (planner.direct.ts) for a technician; anyone else goes
 * through GraphQL and its refusal. The technician area reads it on every start and refresh.
 */
export function technicianScheduleDirectly(context: AppContext): Promise<LegacyTechnicianScheduleQuery> | undefined {
  return scheduleOfCaller<PlainTechnicianSchedule>(
    context,
    (planner, session) => planner.plainCurrentOfSession(session),
    (planner) => planner.current(),
  )?.then(legacyScheduleData);
}

export function toLegacySchedule(schedule: LegacyScheduleFragment) {
  return {
    date: schedule.date,
    locked: schedule.locked,
    orders: schedule.orders.map(({ id, appointment, duration, name, zipcode, city, special }) => ({
      id,
      appointment,
      duration,
      name,
      zipcode,
      city,
      flag: toLegacyFlag(special),
    })),
  };
}

/**
 * The legacy `appointments` field (a JSON array in a form field, or an array in a JSON body) as
 * GraphQL input items. Anything malformed maps to null, which GraphQL refuses as BAD_USER_INPUT.
 */
function legacyAppointmentsInput(value: unknown): unknown[] | null {
  const list = legacyList(value);
  if (!list) return null;
  return list.map((item: unknown) => {
    if (typeof item !== 'object' || item === null) return null;
    const { appointment_id, appointment, duration } = item as Record<string, unknown>;
    return {
      orderId: legacyInt(appointment_id),
      appointment: instantFromMoment(appointment),
      duration: legacyInt(duration),
    };
  });
}

/** The confirm form: `appointments`, a JSON list of `{appointment_id, appointment, duration}`. */
export const confirmScheduleInput = ({ body }: LegacyRequest) => ({
  appointments: legacyAppointmentsInput(body.appointments),
});

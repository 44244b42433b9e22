import { instantFromMoment, legacyInt, legacyList } from '../common/legacy-values.js';

/** The schedule fields the legacy calls read and return (spec section 3). */
export const SCHEDULE_LEGACY_FIELDS = 'date locked orders { id appointment duration name zipcode city flag }';

export interface LegacyScheduleSource {
  date: string;
  locked: boolean;
  orders: {
    id: number;
    appointment: string;
    duration: number;
    name: string;
    zipcode: string;
    city: string;
    flag: number;
  }[];
}

export function toLegacySchedule(schedule: LegacyScheduleSource) {
  return {
    date: schedule.date,
    locked: schedule.locked,
    orders: schedule.orders.map(({ id, appointment, duration, name, zipcode, city, flag }) => ({
      id,
      appointment,
      duration,
      name,
      zipcode,
      city,
      flag,
    })),
  };
}

/**
 * The legacy `appointments` field (a JSON array in a form field, or an array in a JSON body) as
 * GraphQL input items. Anything malformed maps to null, which GraphQL refuses as BAD_USER_INPUT.
 */
export function legacyAppointmentsInput(value: unknown): unknown[] | null {
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

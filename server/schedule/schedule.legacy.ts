/** The schedule fields the legacy calls read and return. */
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

const digitsOnly = (value: unknown): value is string => typeof value === 'string' && /^\s*\d+\s*$/.test(value);

/** Numbers sent as text in a form stay numbers for GraphQL's Int. */
const legacyNumber = (value: unknown): unknown => (digitsOnly(value) ? Number(value) : value);

/** The legacy client sent moment timestamps: ISO text, or a number of seconds or milliseconds. */
function legacyInstant(value: unknown): unknown {
  const number = typeof value === 'number' ? value : digitsOnly(value) ? Number(value) : Number.NaN;
  if (!Number.isFinite(number)) return value;
  const instant = new Date(number < 1e11 ? number * 1000 : number);
  return Number.isNaN(instant.getTime()) ? value : instant.toISOString();
}

/**
 * The legacy `appointments` field (a JSON array in a form field, or an array in a JSON body) as
 * GraphQL input items. Anything malformed maps to null, which GraphQL refuses as BAD_USER_INPUT.
 */
export function legacyAppointmentsInput(value: unknown): unknown[] | null {
  let list: unknown = value;
  if (typeof value === 'string') {
    try {
      list = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (!Array.isArray(list)) return null;
  return list.map((item: unknown) => {
    if (typeof item !== 'object' || item === null) return null;
    const { appointment_id, appointment, duration } = item as Record<string, unknown>;
    return {
      orderId: legacyNumber(appointment_id),
      appointment: legacyInstant(appointment),
      duration: legacyNumber(duration),
    };
  });
}

/** A technician as the legacy REST calls return it to admins. */
export interface LegacyTechnicianSource {
  id: number;
  firstname: string;
  lastname: string;
  email: string;
  personalNumber: string;
  startingTime: number;
  lastOnline: string | null;
}

export const TECHNICIAN_LEGACY_FIELDS = 'id firstname lastname email personalNumber startingTime lastOnline';

export function toLegacyTechnician(technician: LegacyTechnicianSource, brand: string) {
  return {
    id: technician.id,
    firstname: technician.firstname,
    lastname: technician.lastname,
    email: technician.email,
    [`${brand}_identifier`]: technician.personalNumber,
    starting_time: technician.startingTime,
    last_online: technician.lastOnline,
  };
}

/** A whole number sent as a form string ('9') becomes 9; anything else goes through and GraphQL refuses it. */
export function fromLegacyInt(value: unknown): unknown {
  if (typeof value === 'string' && /^\s*\d+\s*$/.test(value)) return Number(value);
  return value;
}

import type { LegacyTechnicianFragment } from '../legacy-operations.generated.js';
import { field, legacyInt, type LegacyRequest } from '../legacy-values.js';

/** A technician as the legacy REST calls read it (admin view). */
export const LEGACY_TECHNICIAN = /* GraphQL */ `
  fragment LegacyTechnician on Technician {
    id
    firstname
    lastname
    email
    personalNumber
    startingTime
    lastOnline
  }
`;

/** The personal number answers as `<brand>_identifier`, the start hour as `starting_time`. */
export function toLegacyTechnician(technician: LegacyTechnicianFragment, brand: string) {
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

/** The create form; a missing start hour takes the default. */
export const createTechnicianInput = (request: LegacyRequest) => ({
  firstname: field(request, 'firstname'),
  lastname: field(request, 'lastname'),
  email: field(request, 'email'),
  personalNumber: field(request, 'personalNumber'),
  startingTime: request.body.startingTime === undefined ? null : legacyInt(request.body.startingTime),
});

/** The edit form; the personal number is sent too but is never edited (docs/rules.md, Staff accounts). */
export const updateTechnicianInput = (request: LegacyRequest) => ({
  firstname: field(request, 'firstname'),
  lastname: field(request, 'lastname'),
  email: field(request, 'email'),
  startingTime: legacyInt(request.body.startingTime),
});

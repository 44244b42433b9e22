import { field, legacyInt, textOf, type LegacyRequest } from '../legacy-values.js';

/** The legacy sign-in, forgot and new-password forms as GraphQL inputs; a password is taken as sent, untrimmed. */
export const signInVariables = (request: LegacyRequest) => ({
  input: { email: field(request, 'email'), password: textOf(request.body.password) },
});

export const passwordResetRequestVariables = (request: LegacyRequest) => ({
  input: { email: field(request, 'email') },
});

export const newPasswordVariables = (request: LegacyRequest) => ({
  input: { token: field(request, 'token'), password: textOf(request.body.password) },
});

/** "Log in as technician": the technician's id in the `id` field. */
export const signInAsTechnicianVariables = (request: LegacyRequest) => ({ technicianId: legacyInt(request.body.id) });

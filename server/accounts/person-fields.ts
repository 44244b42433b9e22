import type { FieldProblem } from '../common/errors/app-error.js';
import { normalizeEmail } from './staff-account.js';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const NAME_MAX = 100;
const EMAIL_MAX = 254;

export interface PersonFieldsInput {
  firstname: string;
  lastname: string;
  email: string;
}

/** Names and e-mail of an admin or technician: trimmed, required, within the column sizes; e-mail lower case. */
export function checkPersonFields(input: PersonFieldsInput, problems: FieldProblem[]): PersonFieldsInput {
  const text = (field: 'firstname' | 'lastname', max: number) => {
    const value = input[field].trim();
    if (value === '') problems.push({ field, message: 'FIELD_REQUIRED' });
    else if (value.length > max) problems.push({ field, message: 'FIELD_TOO_LONG', params: { max } });
    return value;
  };
  const firstname = text('firstname', NAME_MAX);
  const lastname = text('lastname', NAME_MAX);
  const email = normalizeEmail(input.email);
  if (email === '') problems.push({ field: 'email', message: 'FIELD_REQUIRED' });
  else if (email.length > EMAIL_MAX)
    problems.push({ field: 'email', message: 'FIELD_TOO_LONG', params: { max: EMAIL_MAX } });
  else if (!EMAIL.test(email)) problems.push({ field: 'email', message: 'INVALID_EMAIL' });
  return { firstname, lastname, email };
}

import { PERSON_NAME_MAX_LENGTH } from '../../shared/staff.js';
import { EMAIL_MAX_LENGTH, hasForbiddenNameCharacters, isPlainEmailAddress } from '../../shared/text.js';
import type { FieldProblem } from './errors/app-error.js';

/** E-mail addresses are stored in lower case; sign-in and reset ignore case and surrounding spaces. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export interface PersonFieldsInput {
  firstname: string;
  lastname: string;
  email: string;
}

/**
 * Names and e-mail of an admin or technician: trimmed, required, within the column sizes, names of plain characters;
 * the e-mail one plain address (the password mails go to it), lower case.
 */
export function checkPersonFields(input: PersonFieldsInput, problems: FieldProblem[]): PersonFieldsInput {
  const text = (field: 'firstname' | 'lastname', max: number) => {
    const value = input[field].trim();
    if (value === '') problems.push({ field, message: 'FIELD_REQUIRED' });
    // One line, shown as stored: no tab or line break, no bidirectional control that makes it read as another name.
    else if (hasForbiddenNameCharacters(value)) problems.push({ field, message: 'NAME_CHARACTERS' });
    else if (value.length > max) problems.push({ field, message: 'FIELD_TOO_LONG', params: { max } });
    return value;
  };
  const firstname = text('firstname', PERSON_NAME_MAX_LENGTH);
  const lastname = text('lastname', PERSON_NAME_MAX_LENGTH);
  const email = normalizeEmail(input.email);
  if (email === '') problems.push({ field: 'email', message: 'FIELD_REQUIRED' });
  else if (email.length > EMAIL_MAX_LENGTH)
    problems.push({ field: 'email', message: 'FIELD_TOO_LONG', params: { max: EMAIL_MAX_LENGTH } });
  else if (!isPlainEmailAddress(email)) problems.push({ field: 'email', message: 'INVALID_EMAIL' });
  return { firstname, lastname, email };
}

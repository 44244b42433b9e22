/**
 * Every text the server sends to people, in Dutch: error messages and mails. The French catalogue
 * (fr.ts) must have the same keys; the compiler checks it. `{name}` is replaced by a parameter.
 * Sections follow the domains so that each domain adds its texts in its own place.
 */
export const nl = {
  // common
  INTERNAL_SERVER_ERROR: 'Er is een probleem opgetreden, herlaad de pagina en probeer het opnieuw.',
  UNAUTHENTICATED: 'U bent niet (meer) ingelogd. Log opnieuw in.',
  FORBIDDEN: 'U heeft geen toegang tot dit onderdeel.',
  BAD_USER_INPUT: 'De invoer is niet geldig.',
  NOT_FOUND: 'Niet gevonden.',
  RATE_LIMITED: 'Te veel pogingen. Probeer het over {minutes} minuten opnieuw.',
  FIELD_REQUIRED: 'Dit veld is verplicht.',
  FIELD_TOO_LONG: 'Dit veld mag hoogstens {max} tekens bevatten.',
  INVALID_EMAIL: 'Dit is geen geldig e-mailadres.',

  // consumers

  // accounts (sign-in, password reset)

  // technicians

  // admins

  // orders
  INVALID_REFERENCE_NUMBER:
    'Een referentienummer bestaat uit letters, cijfers en . _ / - en begint met een letter of cijfer.',
  INVALID_PHONE: 'Dit is geen geldig telefoonnummer.',
  INVALID_ZIPCODE_NL: 'Een Nederlandse postcode bestaat uit vier cijfers en twee letters, bijvoorbeeld 1234 AB.',
  INVALID_ZIPCODE_BE: 'Een Belgische postcode bestaat uit vier cijfers, bijvoorbeeld 1000.',
  INVALID_HOUSE_NUMBER: 'Een huisnummer bestaat alleen uit cijfers.',

  // schedule

  // imports

  // exports

  // holidays
  DATE_INPUT_INVALID: 'Vul een geldige datum in (jjjj-mm-dd).',
  HOLIDAY_EXISTS: 'Op {date} staat al een holiday voor {country}.',
  HOLIDAY_NOT_FOUND: 'Deze holiday bestaat niet (meer).',

  // statistics
  STATISTICS_RANGE_REVERSED: 'De einddatum ligt vóór de begindatum.',

  // mail
} as const;

export type MessageKey = keyof typeof nl;

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

  // schedule

  // imports

  // exports

  // holidays

  // statistics

  // mail
} as const;

export type MessageKey = keyof typeof nl;

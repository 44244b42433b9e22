/** Dutch texts of the texts every page may show (the shell, shared components, a reply's answer, not found); one chunk, loaded as parts.ts says. fr/common.ts has the same keys. */
export const texts = {
  // common
  'common.logout': 'Uitloggen',
  'common.back': 'Terug',
  'common.create': 'Aanmaken',
  // an action's accessible name: its visible text, then what it acts on
  'common.actionOn': '{action}: {subject}',
  'common.save': 'Opslaan',
  'common.delete': 'Verwijderen',
  'common.edit': 'Wijzigen',
  'common.cancel': 'Annuleren',
  'common.loading': 'Bezig met laden…',
  'common.genericError': 'Er is een probleem opgetreden, herlaad de pagina en probeer het opnieuw.',
  'common.country.NL': 'Nederland',
  'common.country.BE': 'België',
  // a consumer's answer, shown to the consumer, the technician and the admin alike
  'reply.answer.AT_HOME': 'Ik ben thuis',
  'reply.answer.CALL_ME': 'Ik kan niet, bel mij',
  'common.skipToContent': 'Naar de inhoud',

  // not found
  'notFound.title': 'Pagina niet gevonden',
  'notFound.home': 'Naar de startpagina',
} as const;

/**
 * Every text of the interface, in Dutch (the default). fr.ts must have the same keys; the compiler
 * checks it. `{name}` is replaced by a parameter. Error messages of server operations come from the
 * server, already in the caller's language; only texts the client shows on its own live here.
 * Each area keeps its texts in its own section.
 */
export const nl = {
  // common
  'common.logout': 'Uitloggen',
  'common.back': 'Terug',
  'common.create': 'Aanmaken',
  'common.save': 'Opslaan',
  'common.delete': 'Verwijderen',
  'common.edit': 'Wijzigen',
  'common.cancel': 'Annuleren',
  'common.loading': 'Bezig met laden…',
  'common.genericError': 'Er is een probleem opgetreden, herlaad de pagina en probeer het opnieuw.',
  'common.comingSoon': 'Dit onderdeel is nog niet beschikbaar.',
  'common.language': 'Taal',
  'common.skipToContent': 'Naar de inhoud',

  // not found
  'notFound.title': 'Requested page not found',
  'notFound.home': 'Naar de startpagina',

  // consumer
  'consumer.title': 'Wanneer komt de monteur?',
  'consumer.intro':
    'Vul uw gegevens in en zie binnen welk tijdvak van drie uur de monteur bij u langskomt. Deze indicatie is beschikbaar vanaf 13:30 uur op de dag vóór het bezoek. De monteur belt u 30 minuten voordat hij komt.',
  'consumer.footer': 'Reparatieservice voor huishoudelijke apparaten',

  // technician
  'technician.title': 'Monteursportaal',

  // admin
  'admin.title': 'Beheer',
  'admin.menu.title': 'Wat wilt u doen?',
  'admin.menu.technicians': 'Monteur overzicht',
  'admin.menu.createOrder': 'Opdracht aanmaken',
  'admin.menu.migrate': 'Opdrachten migreren',
  'admin.menu.manageOrders': 'Opdrachten beheren',
  'admin.menu.settings': 'Systeem instellingen',
  'admin.menu.users': 'Admin overzicht',
  'admin.menu.export': 'Gegevens downloaden',
  'admin.menu.import': 'Gegevens inladen',
  'admin.menu.statistics': 'Statistieken',
  'admin.menu.holiday': 'Holiday',

  // admin: holidays
  'admin.holidays.title': 'Holidays',
  'admin.holidays.createTitle': 'Holiday aanmaken',
  'admin.holidays.country': 'Land',
  'admin.holidays.countryName.NL': 'Nederland',
  'admin.holidays.countryName.BE': 'België',
  'admin.holidays.date': 'Datum',
  'admin.holidays.weekday': 'Dag',
  'admin.holidays.actions': 'Acties',
  'admin.holidays.empty': 'Er staan nog geen holidays in de lijst.',
  'admin.holidays.created': 'Ok',
  'admin.holidays.deleteLabel': 'Verwijder {name}',
  'admin.holidays.deleteConfirm': 'Weet u zeker dat u {name} wilt verwijderen? Deze actie is permanent',
  'admin.holidays.deleted': 'Holiday {name} verwijderd.',

  // admin: statistics
  'admin.statistics.title': 'Statistieken',
  'admin.statistics.period': 'Periode',
  'admin.statistics.from': 'Van',
  'admin.statistics.to': 'Tot en met',
  'admin.statistics.periodHint': 'Laat beide leeg voor alle gegevens.',
  'admin.statistics.apply': 'Toon',
  'admin.statistics.allTime': 'Alle gegevens',
  'admin.statistics.averageSiteVisit': 'Gemiddeld aantal bezoeken aan de website per klant',
  'admin.statistics.averageMailRead': 'Gemiddeld aantal keer dat een klant de mail opent',
  'admin.statistics.totalVisits': 'Bezoeken in totaal',
  'admin.statistics.perHour': 'Bezoek per uur',
  'admin.statistics.browsers': '10 meest gebruikte browsers',
  'admin.statistics.systems': '10 meest gebruikte besturingssystemen',
  'admin.statistics.visits': 'Bezoeken',
  'admin.statistics.hour': 'Uur',
  'admin.statistics.name': 'Naam',
  'admin.statistics.unknown': 'Onbekend',
  'admin.statistics.noVisits': 'Geen bezoeken in deze periode.',
  'admin.statistics.asTable': 'Toon als tabel',
  'admin.statistics.timeZone': 'Uren in tijdzone {zone}.',
  'admin.statistics.chartSummary': '{title}: {summary}',
} as const;

export type MessageKey = keyof typeof nl;

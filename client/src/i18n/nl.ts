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

  // technician planner (manage)
  'technician.manage.pageTitle': 'Planning',
  'technician.manage.greeting.night': 'Goedenacht',
  'technician.manage.greeting.morning': 'Goedemorgen',
  'technician.manage.greeting.afternoon': 'Goedemiddag',
  'technician.manage.greeting.evening': 'Goedenavond',
  'technician.manage.scheduleFor': 'Uw planning voor {weekday} {date}',
  'technician.manage.listLabel': 'Opdrachten',
  'technician.manage.empty': 'Geen opdrachten beschikbaar',
  'technician.manage.lockedEmpty': 'Geen opdrachten beschikbaar om te bevestigen',
  'technician.manage.confirmed': 'Opdrachten bevestigd',
  'technician.manage.orderNumber': 'Opdracht {number}',
  'technician.manage.special': 'Speciale opdracht',
  'technician.manage.start': 'Begintijd',
  'technician.manage.end': 'Eindtijd',
  'technician.manage.endTooLate': 'Eindigt na 22:00 uur: kies een eerder begin.',
  'technician.manage.moveUp': 'Opdracht {number} ({name}) een uur eerder',
  'technician.manage.moveDown': 'Opdracht {number} ({name}) een uur later',
  'technician.manage.moved': '{name} begint nu om {time} en is opdracht {number}.',
  'technician.manage.reset': 'Reset',
  'technician.manage.sort': 'Sorteer',
  'technician.manage.test': 'Test',
  'technician.manage.testUnlocked': 'Test: de planning is ontgrendeld.',
  'technician.manage.testLocked': 'Test: de planning is vergrendeld.',
  'technician.manage.confirm': 'Opdrachten bevestigen',
  'technician.manage.confirming': 'Bezig met bevestigen…',
  'technician.manage.warning': 'Let op: na het klikken op bevestigen kunt u de planning niet meer wijzigen.',
  'technician.manage.confirmQuestion': 'Weet u zeker dat u alle opdrachten wilt bevestigen?',
  'technician.manage.confirmTooLate':
    'Opgelet! Bij opdracht {number} ligt de eindtijd na 22:00 uur. Dit is niet mogelijk! Kies een eerder begin.',
  'technician.manage.startTooEarly': 'Begint vóór 07:00 uur: kies een latere begintijd.',
  'technician.manage.confirmTooEarly':
    'Opgelet! Bij opdracht {number} ligt de begintijd vóór 07:00 uur. Dit is niet mogelijk! Kies een latere begintijd.',
  'technician.manage.retry': 'Opnieuw laden',

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

  // admin orders (create, manage, migrate)
  'admin.orders.field.name': 'Naam',
  'admin.orders.field.email': 'E-mail',
  'admin.orders.field.city': 'Plaats',
  'admin.orders.field.houseNumber': 'Huisnummer',
  'admin.orders.field.zipcode': 'Postcode',
  'admin.orders.field.phone': 'Telefoonnummer',
  'admin.orders.field.referenceNumber': 'Referentienummer',
  'admin.orders.field.country': 'Land',
  'admin.orders.field.date': 'Datum',
  'admin.orders.field.beginHour': 'Begintijd',
  'admin.orders.field.technician': 'Monteur',
  'admin.orders.field.special': 'Speciale opdracht',
  'admin.orders.country.NL': 'Nederland',
  'admin.orders.country.BE': 'België',
  'admin.orders.special.no': 'Nee (0)',
  'admin.orders.special.yes': 'Ja (1)',
  'admin.orders.yes': 'Ja',
  'admin.orders.no': 'Nee',
  'admin.orders.chooseTechnician': 'Kies een monteur',
  'admin.orders.dateRequired': 'Kies een datum.',
  'admin.orders.created': 'Opdracht aangemaakt',
  'admin.orders.updated': 'Opdracht aangepast',
  'admin.orders.deleted': 'Opdracht verwijderd',
  'admin.orders.search': 'Zoeken',
  'admin.orders.orderTitle': 'Opdracht {reference}',
  'admin.orders.address': 'Adres',
  'admin.orders.window': 'Tijdvak',
  'admin.orders.changeTechnician': 'Andere monteur',
  'admin.orders.deleteConfirm': 'Deze actie kan niet ongedaan worden, weet u dit zeker?',
  'admin.orders.deletedNotice': 'Deze opdracht is verwijderd op {date} door {admin}',
  'admin.orders.migrate.source': 'Van monteur',
  'admin.orders.migrate.target': 'Naar monteur',
  'admin.orders.migrate.orders': 'Opdrachten ({count})',
  'admin.orders.migrate.selectAll': 'Alles selecteren',
  'admin.orders.migrate.empty': 'Geen opdrachten gevonden',
  'admin.orders.migrate.button': 'Migreren',
  'admin.orders.migrate.done': 'Migratie voltooid',
} as const;

export type MessageKey = keyof typeof nl;

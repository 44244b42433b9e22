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
  'consumer.index.title': 'Zoek uw afspraak',
  'consumer.index.intro.NL': 'Vul de postcode en het huisnummer in van het adres waar de monteur komt.',
  'consumer.index.intro.BE': 'Vul het telefoonnummer in dat bij uw afspraak hoort.',
  'consumer.index.zipcode': 'Postcode',
  'consumer.index.zipcodeHint': 'Bijvoorbeeld 1234 AB',
  'consumer.index.houseNumber': 'Huisnummer',
  'consumer.index.houseNumberHint': 'Bijvoorbeeld 12 of 12a',
  'consumer.index.phoneNumber': 'Telefoonnummer',
  'consumer.index.phoneNumberHint': 'Bijvoorbeeld 0470 12 34 56',
  'consumer.index.required': 'Dit veld is verplicht.',
  'consumer.index.submit': 'Tijdvak ophalen',
  'consumer.index.submitting': 'Bezig met ophalen…',
  'consumer.index.detailsFailed': 'Uw afspraak kon niet worden geladen. Vul uw gegevens opnieuw in.',
  'consumer.preparing': 'De afspraak wordt op dit moment klaargezet. Probeert u het nog eens na {time} uur.',
  'consumer.details.title': 'Uw afspraak',
  'consumer.details.greeting': 'Beste {name},',
  'consumer.details.one': 'De monteur komt bij u langs op:',
  'consumer.details.many': 'De monteur komt bij u langs op deze momenten:',
  'consumer.details.window': 'tussen {begin} en {end} uur',
  'consumer.details.notYet': 'Het tijdvak is beschikbaar vanaf 13:30 uur op de werkdag ervoor.',
  'consumer.details.reference': 'Referentie {reference}',
  'consumer.details.callAhead': 'De monteur belt u 30 minuten voordat hij komt.',
  'consumer.details.proofTitle': 'Aankoopbewijs',
  'consumer.details.proof':
    'Houd uw aankoopbewijs of afleverbon klaar: de monteur vraagt ernaar om te bepalen of de reparatie onder de garantie valt.',
  'consumer.details.questionsTitle': 'Vragen?',
  'consumer.details.callCentre': 'Ons klantcontactcentrum is bereikbaar van 08:00 tot 18:00 uur op',
  'consumer.details.tariffs': 'Reparatietarieven',
  'consumer.details.payment': 'Betaalmogelijkheden',
  'consumer.details.newLookup': 'Een andere afspraak opzoeken',
  'consumer.external.title': 'Uw afspraak',
  'consumer.external.text':
    'Uw bezoek wordt uitgevoerd door onze partner {company}. Zij nemen zelf contact met u op over het tijdstip.',
  'consumer.external.contact': 'Vragen over uw afspraak? Bel {company} op',

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
} as const;

export type MessageKey = keyof typeof nl;

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

  // admin: settings, import, export
  'admin.data.country': 'Land',
  'admin.data.country.NL': 'Nederland',
  'admin.data.country.BE': 'België',
  'admin.settings.intro':
    'Importvensters: de geplande tijd van een ingeladen opdracht bepaalt het tijdvak dat de klant ziet. Samen dekken de regels de hele dag, zonder gaten en zonder overlap.',
  'admin.settings.rule': 'Regel {n}',
  'admin.settings.kind.BEFORE': 'vóór',
  'admin.settings.kind.BETWEEN': 'tussen',
  'admin.settings.kind.AFTER': 'vanaf',
  'admin.settings.plannedBefore': 'Gepland vóór',
  'admin.settings.plannedFrom': 'Gepland vanaf',
  'admin.settings.plannedUntil': 'Gepland tot',
  'admin.settings.windowFrom': 'Tijdvak van',
  'admin.settings.windowUntil': 'Tijdvak tot',
  'admin.settings.add': 'Regel toevoegen',
  'admin.settings.remove': 'Regel {n} verwijderen',
  'admin.settings.saved': 'Importvensters opgeslagen.',
  'admin.import.intro':
    'Laad een CSV-bestand met opdrachten in. Eerst wordt elke regel gecontroleerd; bevat het bestand een fout, dan wordt er niets ingeladen en ziet u per regel wat er mis is.',
  'admin.import.format':
    'Kolommen: reference_number, name, email, phone, zipcode, house_number, city, date (dd-mm-jjjj), time (geplande tijd UU:MM of tijdvak UU:MM/UU:MM) en naar keuze country, technician (personeelsnummer), flag (0 of 1) en external. Gescheiden door ; of , — een bestand uit Gegevens downloaden past altijd.',
  'admin.import.file': 'CSV-bestand',
  'admin.import.fileHint': 'Een .csv-bestand van hoogstens 20 MB.',
  'admin.import.notCsv': 'Kies een bestand dat eindigt op .csv.',
  'admin.import.submit': 'Database gegevens inladen',
  'admin.import.uploadProgress': 'Bestand verzonden',
  'admin.import.checked': 'Gecontroleerd: {rows} regels',
  'admin.import.written': 'Opgeslagen: {rows} regels',
  'admin.import.success': 'Upload wordt uitgevoerd.',
  'admin.import.summary': '{rows} regels: {created} nieuw, {updated} bijgewerkt, {unchanged} ongewijzigd.',
  'admin.import.refusedOne':
    'Het bestand bevat 1 fout; er is niets ingeladen. Pas het bestand aan en laad het opnieuw in.',
  'admin.import.refused':
    'Het bestand bevat {count} fouten; er is niets ingeladen. Pas het bestand aan en laad het opnieuw in.',
  'admin.import.report': 'Fouten per regel',
  'admin.import.line': 'Regel',
  'admin.import.column': 'Kolom',
  'admin.import.value': 'Waarde',
  'admin.import.reason': 'Probleem',
  'admin.import.wholeRow': 'hele regel',
  'admin.import.more': 'En nog {count} fouten die hier niet staan.',
  'admin.export.intro':
    'Download alle opdrachten van een land als CSV-bestand (UTF-8, gescheiden door ;, opent in Excel). Hetzelfde bestand kan ongewijzigd weer worden ingeladen.',
  'admin.export.submit': 'Download',
  'admin.export.downloading': 'Bezig met downloaden: {size} ontvangen…',
  'admin.export.done': '{file} is gedownload.',
} as const;

export type MessageKey = keyof typeof nl;

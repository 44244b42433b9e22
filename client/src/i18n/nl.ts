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
  'technician.login.title': 'Inloggen',
  'technician.forgot.title': 'Wachtwoord vergeten',
  'technician.newPassword.title': 'Nieuw wachtwoord instellen',

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

  'admin.login.title': 'Inloggen beheer',
  'admin.forgot.title': 'Wachtwoord vergeten',
  'admin.newPassword.title': 'Nieuw wachtwoord instellen',
  'admin.menu.welcome': 'Welkom, {name}.',
  'admin.person.firstname': 'Voornaam',
  'admin.person.lastname': 'Achternaam',
  'admin.person.email': 'E-Mail',
  'admin.person.name': 'Naam',
  'admin.mailSent': 'Er is een e-mail naar {email} verstuurd om een wachtwoord in te stellen.',
  'admin.mailNotSent': 'De e-mail om een wachtwoord in te stellen kon niet worden verstuurd: {reason}',
  'admin.confirmDelete': 'Weet u zeker dat u {name} wilt verwijderen? Deze actie is permanent',
  'admin.users.title': 'Admin overzicht',
  'admin.users.status': 'Status',
  'admin.users.active': 'Actief',
  'admin.users.inactive': 'Inactief',
  'admin.users.empty': 'Er zijn nog geen admins.',
  'admin.users.createTitle': 'Admin aanmaken',
  'admin.users.created': 'Admin aangemaakt',
  'admin.users.editTitle': 'Admin wijzigen',
  'admin.users.updated': 'Admin aangepast',
  'admin.users.updateFailed': 'Er is een fout opgetreden',
  'admin.users.deleteFailed': 'Er is een fout opgetreden.',
  'admin.users.createFailed': 'Opgelet, dit email bestaat al',
  'admin.users.self': 'Dit is uw eigen account: u kunt het niet op inactief zetten of verwijderen.',
  'admin.technicians.title': 'Monteur overzicht',
  'admin.technicians.search': 'Zoeken',
  'admin.technicians.searchPlaceholder': 'Zoek een monteur...',
  'admin.technicians.lastLogin': 'Laatst ingelogd',
  'admin.technicians.never': 'Nooit',
  'admin.technicians.actions': 'Acties',
  'admin.technicians.signInAs': 'Inloggen als monteur',
  'admin.technicians.signInAsLabel': 'Inloggen als {name}',
  'admin.technicians.editLabel': '{name} wijzigen',
  'admin.technicians.deleteLabel': '{name} verwijderen',
  'admin.technicians.popupBlocked': 'Het nieuwe venster werd geblokkeerd. Open het monteursportaal hier:',
  'admin.technicians.openPlanner': 'Monteursportaal openen',
  'admin.technicians.empty': 'Geen monteurs gevonden.',
  'admin.technicians.deleted': 'Monteur verwijderd',
  'admin.technicians.deleteFailed': 'Er is een fout opgetreden.',
  'admin.technicians.createTitle': 'Monteur aanmaken',
  'admin.technicians.created': 'Monteur aangemaakt',
  'admin.technicians.createFailed': 'Opgelet, of het mailadres bestaat al of het N-nummer',
  'admin.technicians.editTitle': 'Monteur wijzigen',
  'admin.technicians.updated': 'Monteur aangepast',
  'admin.technicians.updateFailed': 'Er is een fout opgetreden!',
  'admin.technicians.personalNumber': 'N-nummer',
  'admin.technicians.personalNumberFixed': 'Het N-nummer kan niet worden gewijzigd.',
  'admin.technicians.startingTime': 'Begintijd',
  'admin.technicians.country': 'Land',
  'admin.technicians.countryNL': 'Nederland',
  'admin.technicians.countryBE': 'België',

  // staff accounts (sign-in, password reset; technician and admin areas)
  'staff.email': 'E-mailadres',
  'staff.password': 'Wachtwoord',
  'staff.signIn': 'Inloggen',
  'staff.forgotLink': 'Wachtwoord vergeten?',
  'staff.forgot.intro':
    'Vul uw e-mailadres in. U ontvangt een e-mail met een link om een nieuw wachtwoord in te stellen.',
  'staff.forgot.submit': 'Wachtwoord aanvragen',
  'staff.forgot.sent': 'Er is een email onderweg met verdere instructies!',
  'staff.backToLogin': 'Terug naar inloggen',
  'staff.newPassword.password': 'Nieuw wachtwoord',
  'staff.newPassword.repeat': 'Herhaal wachtwoord',
  'staff.newPassword.hint': 'Minimaal {min} karakters.',
  'staff.newPassword.submit': 'Wachtwoord resetten',
  'staff.newPassword.notEqual': 'Wachtwoorden zijn niet gelijk',
  'staff.newPassword.tooShort': 'Uw nieuwe wachtwoord moet minimaal {min} karakters bevatten',
  'staff.newPassword.updated': 'Wachtwoord aangepast, u kunt nu inloggen!',
  'staff.submitting': 'Bezig…',
} as const;

export type MessageKey = keyof typeof nl;

/** Dutch texts of what the technician and the admin areas share: signing in and a visit's stages; one chunk, loaded as parts.ts says. fr/staff.ts has the same keys. */
export const texts = {
  // a visit's status and stage as the staff see them
  'visit.status.planned': 'Gepland',
  'visit.status.onTheWay': 'Onderweg — verwachte aankomst {time}',
  'visit.status.arrived': 'Aangekomen om {time}',
  'visit.status.finished': 'Afgerond om {time}: {outcome}',

  // staff accounts (sign-in, password reset; technician and admin areas)
  'staff.email': 'E-mailadres',
  'staff.password': 'Wachtwoord',
  'staff.signIn': 'Inloggen',
  'staff.forgotLink': 'Wachtwoord vergeten?',
  'staff.forgot.intro':
    'Vul uw e-mailadres in. U ontvangt een e-mail met een link om een nieuw wachtwoord in te stellen.',
  'staff.forgot.submit': 'Wachtwoord aanvragen',
  'staff.forgot.sent': 'Er is een e-mail onderweg met verdere instructies!',
  'staff.backToLogin': 'Terug naar inloggen',
  'staff.newPassword.password': 'Nieuw wachtwoord',
  'staff.newPassword.repeat': 'Herhaal wachtwoord',
  'staff.newPassword.hint': 'Minimaal {min} karakters.',
  'staff.newPassword.submit': 'Wachtwoord resetten',
  'staff.newPassword.notEqual': 'Wachtwoorden zijn niet gelijk',
  'staff.newPassword.tooShort': 'Uw nieuwe wachtwoord moet minimaal {min} karakters bevatten',
  'staff.newPassword.updated': 'Wachtwoord aangepast, u kunt nu inloggen!',
  'staff.submitting': 'Bezig…',
  'visit.stage.PLANNED': 'Gepland',
  'visit.stage.ON_THE_WAY': 'Onderweg',
  'visit.stage.ARRIVED': 'Aangekomen',
  'visit.stage.FINISHED': 'Afgerond',
  'visit.outcome.REPAIRED': 'Gerepareerd',
  'visit.outcome.FOLLOW_UP_PARTS': 'Vervolgbezoek nodig — onderdelen',
  'visit.outcome.NOT_HOME': 'Klant niet thuis',
  'visit.outcome.NOT_DONE': 'Niet uitgevoerd',
} as const;

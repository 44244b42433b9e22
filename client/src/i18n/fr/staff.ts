import type { PartTexts } from '../parts.js';

/** French twin of nl/staff.ts: exactly its keys (the compiler checks it). */
export const texts: PartTexts<'staff'> = {
  // a visit's status and stage as the staff see them
  'visit.status.planned': 'Planifiée',
  'visit.status.onTheWay': 'En route — arrivée prévue {time}',
  'visit.status.arrived': 'Arrivé à {time}',
  'visit.status.finished': 'Terminée à {time}\u00a0: {outcome}',

  // staff accounts (sign-in, password reset; technician and admin areas)
  'staff.email': 'Adresse e-mail',
  'staff.password': 'Mot de passe',
  'staff.signIn': 'Se connecter',
  'staff.forgotLink': 'Mot de passe oublié\u00a0?',
  'staff.forgot.intro':
    'Saisissez votre adresse e-mail. Vous recevrez un e-mail avec un lien pour définir un nouveau mot de passe.',
  'staff.forgot.submit': 'Demander un mot de passe',
  'staff.forgot.sent': 'Un e-mail avec des instructions est en route\u00a0!',
  'staff.backToLogin': 'Retour à la connexion',
  'staff.newPassword.password': 'Nouveau mot de passe',
  'staff.newPassword.repeat': 'Répétez le mot de passe',
  'staff.newPassword.hint': 'Au moins {min} caractères.',
  'staff.newPassword.submit': 'Réinitialiser le mot de passe',
  'staff.newPassword.notEqual': 'Les mots de passe ne sont pas identiques',
  'staff.newPassword.tooShort': 'Votre nouveau mot de passe doit contenir au moins {min} caractères',
  'staff.newPassword.updated': 'Mot de passe modifié, vous pouvez maintenant vous connecter\u00a0!',
  'staff.devices.title': 'Mes appareils',
  'staff.devices.intro':
    'Vous êtes connecté ici. Déconnectez un appareil que vous ne reconnaissez pas ou n’utilisez plus.',
  'staff.devices.device': '{browser} sur {os}',
  'staff.devices.thisDevice': 'Cet appareil',
  'staff.devices.signedIn': 'Connecté le {date} à {time}',
  'staff.devices.lastSeen': 'Dernière activité le {date} à {time}',
  'staff.devices.signOut': 'Déconnecter',
  'staff.devices.signOutNamed': 'Déconnecter {device}',
  'staff.devices.signedOut': '{device} est déconnecté.',
  'staff.devices.empty': 'Aucun appareil trouvé.',
  'staff.submitting': 'En cours…',
  'visit.stage.PLANNED': 'Planifiée',
  'visit.stage.ON_THE_WAY': 'En route',
  'visit.stage.ARRIVED': 'Arrivé',
  'visit.stage.FINISHED': 'Terminée',
  'visit.outcome.REPAIRED': 'Réparé',
  'visit.outcome.FOLLOW_UP_PARTS': 'Nouvelle visite nécessaire — pièces',
  'visit.outcome.NOT_HOME': 'Client absent',
  'visit.outcome.NOT_DONE': 'Non effectuée',
};

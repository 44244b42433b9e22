import type { PartTexts } from '../parts.js';

/** French twin of nl/common.ts: exactly its keys (the compiler checks it). */
export const texts: PartTexts<'common'> = {
  // common
  'common.logout': 'Se déconnecter',
  'common.back': 'Retour',
  'common.create': 'Créer',
  // an action's accessible name: its visible text, then what it acts on
  'common.actionOn': '{action}\u00a0: {subject}',
  'common.save': 'Enregistrer',
  'common.delete': 'Supprimer',
  'common.edit': 'Modifier',
  'common.cancel': 'Annuler',
  'common.loading': 'Chargement…',
  'common.genericError': 'Un problème est survenu, rechargez la page et réessayez.',
  'common.country.NL': 'Pays-Bas',
  'common.country.BE': 'Belgique',
  // a consumer's answer, shown to the consumer, the technician and the admin alike
  'reply.answer.AT_HOME': 'Je serai présent',
  'reply.answer.CALL_ME': 'Je ne peux pas, appelez-moi',
  'common.skipToContent': 'Aller au contenu',

  // not found
  'notFound.title': 'Page demandée introuvable',
  'notFound.home': "Vers la page d'accueil",
};

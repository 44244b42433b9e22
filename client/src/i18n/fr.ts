import type { MessageKey } from './nl';

/** French twin of nl.ts, shown when the host's first label is `rendezvous`. */
export const fr: Record<MessageKey, string> = {
  // common
  'common.logout': 'Se déconnecter',
  'common.back': 'Retour',
  'common.create': 'Créer',
  'common.save': 'Enregistrer',
  'common.delete': 'Supprimer',
  'common.edit': 'Modifier',
  'common.cancel': 'Annuler',
  'common.loading': 'Chargement…',
  'common.genericError': 'Un problème est survenu, rechargez la page et réessayez.',
  'common.comingSoon': "Cette partie n'est pas encore disponible.",
  'common.language': 'Langue',
  'common.skipToContent': 'Aller au contenu',

  // not found
  'notFound.title': 'Page demandée introuvable',
  'notFound.home': "Vers la page d'accueil",

  // consumer
  'consumer.title': 'Quand le technicien passe-t-il ?',
  'consumer.intro':
    'Saisissez vos données et découvrez dans quelle plage de trois heures le technicien passera chez vous. Cette indication est disponible à partir de 13h30 la veille de la visite. Le technicien vous appelle 30 minutes avant son arrivée.',
  'consumer.footer': "Service de réparation d'appareils électroménagers",

  // technician
  'technician.title': 'Portail des techniciens',

  // admin
  'admin.title': 'Administration',
  'admin.menu.title': 'Que voulez-vous faire ?',
  'admin.menu.technicians': 'Aperçu des techniciens',
  'admin.menu.createOrder': 'Créer une mission',
  'admin.menu.migrate': 'Transférer des missions',
  'admin.menu.manageOrders': 'Gérer les missions',
  'admin.menu.settings': 'Paramètres du système',
  'admin.menu.users': 'Aperçu des administrateurs',
  'admin.menu.export': 'Télécharger les données',
  'admin.menu.import': 'Importer les données',
  'admin.menu.statistics': 'Statistiques',
  'admin.menu.holiday': 'Jours fériés',
};

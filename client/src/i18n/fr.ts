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

  // admin: holidays
  'admin.holidays.title': 'Jours fériés',
  'admin.holidays.createTitle': 'Ajouter un jour férié',
  'admin.holidays.country': 'Pays',
  'admin.holidays.countryName.NL': 'Pays-Bas',
  'admin.holidays.countryName.BE': 'Belgique',
  'admin.holidays.date': 'Date',
  'admin.holidays.weekday': 'Jour',
  'admin.holidays.actions': 'Actions',
  'admin.holidays.empty': 'La liste ne contient encore aucun jour férié.',
  'admin.holidays.created': 'Ok',
  'admin.holidays.deleteLabel': 'Supprimer {name}',
  'admin.holidays.deleteConfirm': 'Êtes-vous sûr de vouloir supprimer {name} ? Cette action est définitive',
  'admin.holidays.deleted': 'Jour férié {name} supprimé.',

  // admin: statistics
  'admin.statistics.title': 'Statistiques',
  'admin.statistics.period': 'Période',
  'admin.statistics.from': 'Du',
  'admin.statistics.to': "Jusqu'au",
  'admin.statistics.periodHint': 'Laissez les deux vides pour toutes les données.',
  'admin.statistics.apply': 'Afficher',
  'admin.statistics.allTime': 'Toutes les données',
  'admin.statistics.averageSiteVisit': 'Nombre moyen de visites du site par client',
  'admin.statistics.averageMailRead': "Nombre moyen d'ouvertures de l'e-mail par client",
  'admin.statistics.totalVisits': 'Visites au total',
  'admin.statistics.perHour': 'Visites par heure',
  'admin.statistics.browsers': 'Les 10 navigateurs les plus utilisés',
  'admin.statistics.systems': "Les 10 systèmes d'exploitation les plus utilisés",
  'admin.statistics.visits': 'Visites',
  'admin.statistics.hour': 'Heure',
  'admin.statistics.name': 'Nom',
  'admin.statistics.unknown': 'Inconnu',
  'admin.statistics.noVisits': 'Aucune visite pendant cette période.',
  'admin.statistics.asTable': 'Afficher sous forme de tableau',
  'admin.statistics.timeZone': 'Heures dans le fuseau {zone}.',
  'admin.statistics.chartSummary': '{title} : {summary}',
};

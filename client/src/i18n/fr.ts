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

  // admin orders (create, manage, migrate)
  'admin.orders.field.name': 'Nom',
  'admin.orders.field.email': 'E-mail',
  'admin.orders.field.city': 'Localité',
  'admin.orders.field.houseNumber': 'Numéro de maison',
  'admin.orders.field.zipcode': 'Code postal',
  'admin.orders.field.phone': 'Numéro de téléphone',
  'admin.orders.field.referenceNumber': 'Numéro de référence',
  'admin.orders.field.country': 'Pays',
  'admin.orders.field.date': 'Date',
  'admin.orders.field.beginHour': 'Heure de début',
  'admin.orders.field.technician': 'Technicien',
  'admin.orders.field.special': 'Mission spéciale',
  'admin.orders.country.NL': 'Pays-Bas',
  'admin.orders.country.BE': 'Belgique',
  'admin.orders.special.no': 'Non (0)',
  'admin.orders.special.yes': 'Oui (1)',
  'admin.orders.yes': 'Oui',
  'admin.orders.no': 'Non',
  'admin.orders.chooseTechnician': 'Choisissez un technicien',
  'admin.orders.dateRequired': 'Choisissez une date.',
  'admin.orders.created': 'Mission créée',
  'admin.orders.updated': 'Mission modifiée',
  'admin.orders.deleted': 'Mission supprimée',
  'admin.orders.search': 'Rechercher',
  'admin.orders.orderTitle': 'Mission {reference}',
  'admin.orders.address': 'Adresse',
  'admin.orders.window': 'Plage horaire',
  'admin.orders.changeTechnician': 'Autre technicien',
  'admin.orders.deleteConfirm': 'Cette action est irréversible, en êtes-vous sûr ?',
  'admin.orders.deletedNotice': 'Cette mission a été supprimée le {date} par {admin}',
  'admin.orders.migrate.source': 'Du technicien',
  'admin.orders.migrate.target': 'Au technicien',
  'admin.orders.migrate.orders': 'Missions ({count})',
  'admin.orders.migrate.selectAll': 'Tout sélectionner',
  'admin.orders.migrate.empty': 'Aucune mission trouvée',
  'admin.orders.migrate.button': 'Transférer',
  'admin.orders.migrate.done': 'Transfert terminé',
};

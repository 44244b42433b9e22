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

  // technician planner (manage)
  'technician.manage.pageTitle': 'Planning',
  'technician.manage.greeting.night': 'Bonne nuit',
  'technician.manage.greeting.morning': 'Bonjour',
  'technician.manage.greeting.afternoon': 'Bon après-midi',
  'technician.manage.greeting.evening': 'Bonsoir',
  'technician.manage.scheduleFor': 'Votre planning du {weekday} {date}',
  'technician.manage.listLabel': 'Missions',
  'technician.manage.empty': 'Aucune mission disponible',
  'technician.manage.lockedEmpty': 'Aucune mission disponible à confirmer',
  'technician.manage.confirmed': 'Missions confirmées',
  'technician.manage.orderNumber': 'Mission {number}',
  'technician.manage.special': 'Mission spéciale',
  'technician.manage.start': 'Début',
  'technician.manage.end': 'Fin',
  'technician.manage.endTooLate': 'Se termine après 22:00 : choisissez un début plus tôt.',
  'technician.manage.moveUp': 'Mission {number} ({name}) une heure plus tôt',
  'technician.manage.moveDown': 'Mission {number} ({name}) une heure plus tard',
  'technician.manage.moved': '{name} commence maintenant à {time} et devient la mission {number}.',
  'technician.manage.reset': 'Réinitialiser',
  'technician.manage.sort': 'Trier',
  'technician.manage.test': 'Test',
  'technician.manage.testUnlocked': 'Test : le planning est déverrouillé.',
  'technician.manage.testLocked': 'Test : le planning est verrouillé.',
  'technician.manage.confirm': 'Confirmer les missions',
  'technician.manage.confirming': 'Confirmation en cours…',
  'technician.manage.warning': 'Attention : après avoir confirmé, vous ne pourrez plus modifier le planning.',
  'technician.manage.confirmQuestion': 'Êtes-vous sûr de vouloir confirmer toutes les missions ?',
  'technician.manage.confirmTooLate':
    "Attention ! La mission {number} se termine après 22:00. Ce n'est pas possible ! Choisissez un début plus tôt.",
  'technician.manage.startTooEarly': 'Commence avant 07:00 : choisissez un début plus tard.',
  'technician.manage.confirmTooEarly':
    "Attention ! La mission {number} commence avant 07:00. Ce n'est pas possible ! Choisissez un début plus tard.",
  'technician.manage.retry': 'Recharger',

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

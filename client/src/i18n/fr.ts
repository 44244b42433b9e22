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
  'consumer.index.title': 'Trouvez votre rendez-vous',
  'consumer.index.intro.NL': "Saisissez le code postal et le numéro de maison de l'adresse où le technicien passera.",
  'consumer.index.intro.BE': 'Saisissez le numéro de téléphone lié à votre rendez-vous.',
  'consumer.index.zipcode': 'Code postal',
  'consumer.index.zipcodeHint': 'Par exemple 1234 AB',
  'consumer.index.houseNumber': 'Numéro de maison',
  'consumer.index.houseNumberHint': 'Par exemple 12 ou 12a',
  'consumer.index.phoneNumber': 'Numéro de téléphone',
  'consumer.index.phoneNumberHint': 'Par exemple 0470 12 34 56',
  'consumer.index.required': 'Ce champ est obligatoire.',
  'consumer.index.submit': 'Afficher la plage horaire',
  'consumer.index.submitting': 'Recherche en cours…',
  'consumer.index.detailsFailed': "Votre rendez-vous n'a pas pu être chargé. Veuillez saisir à nouveau vos données.",
  'consumer.preparing': 'Le rendez-vous est en cours de préparation. Veuillez réessayer après {time}.',
  'consumer.details.title': 'Votre rendez-vous',
  'consumer.details.greeting': 'Bonjour {name},',
  'consumer.details.one': 'Le technicien passera chez vous le :',
  'consumer.details.many': 'Le technicien passera chez vous aux moments suivants :',
  'consumer.details.window': 'entre {begin} et {end}',
  'consumer.details.notYet': 'La plage horaire sera disponible à partir de 13h30 le jour ouvrable précédent.',
  'consumer.details.reference': 'Référence {reference}',
  'consumer.details.callAhead': 'Le technicien vous appelle 30 minutes avant son arrivée.',
  'consumer.details.proofTitle': "Preuve d'achat",
  'consumer.details.proof':
    "Gardez votre preuve d'achat ou votre bon de livraison à portée de main : le technicien vous la demandera pour savoir si la réparation est couverte par la garantie.",
  'consumer.details.questionsTitle': 'Des questions ?',
  'consumer.details.callCentre': 'Notre service clientèle est joignable de 08:00 à 18:00 au',
  'consumer.details.tariffs': 'Tarifs de réparation',
  'consumer.details.payment': 'Moyens de paiement',
  'consumer.details.newLookup': 'Rechercher un autre rendez-vous',
  'consumer.external.title': 'Votre rendez-vous',
  'consumer.external.text':
    'Votre visite est effectuée par notre partenaire {company}. Il vous contactera lui-même pour fixer le moment.',
  'consumer.external.contact': 'Des questions sur votre rendez-vous ? Appelez {company} au',

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

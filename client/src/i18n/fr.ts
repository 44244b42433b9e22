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

  // admin: settings, import, export
  'admin.data.country': 'Pays',
  'admin.data.country.NL': 'Pays-Bas',
  'admin.data.country.BE': 'Belgique',
  'admin.settings.intro':
    "Plages d'importation : l'heure prévue d'un rendez-vous importé détermine la plage que voit le client. Ensemble, les règles couvrent toute la journée, sans trou ni chevauchement.",
  'admin.settings.rule': 'Règle {n}',
  'admin.settings.kind.BEFORE': 'avant',
  'admin.settings.kind.BETWEEN': 'entre',
  'admin.settings.kind.AFTER': 'à partir de',
  'admin.settings.plannedBefore': 'Prévu avant',
  'admin.settings.plannedFrom': 'Prévu à partir de',
  'admin.settings.plannedUntil': "Prévu jusqu'à",
  'admin.settings.windowFrom': 'Plage de',
  'admin.settings.windowUntil': 'Plage à',
  'admin.settings.add': 'Ajouter une règle',
  'admin.settings.remove': 'Supprimer la règle {n}',
  'admin.settings.saved': "Plages d'importation enregistrées.",
  'admin.import.intro':
    "Importez un fichier CSV de rendez-vous. Chaque ligne est d'abord vérifiée ; si le fichier contient une erreur, rien n'est importé et vous voyez ce qui ne va pas, ligne par ligne.",
  'admin.import.format':
    'Colonnes : reference_number, name, email, phone, zipcode, house_number, city, date (jj-mm-aaaa), time (heure prévue HH:MM ou plage HH:MM/HH:MM) et, au choix, country, technician (numéro personnel), flag (0 ou 1) et external. Séparées par ; ou , — un fichier de Télécharger les données convient toujours.',
  'admin.import.file': 'Fichier CSV',
  'admin.import.fileHint': 'Un fichier .csv de 20 Mo au maximum.',
  'admin.import.notCsv': 'Choisissez un fichier qui se termine par .csv.',
  'admin.import.submit': 'Importer les données dans la base',
  'admin.import.uploadProgress': 'Fichier envoyé',
  'admin.import.checked': 'Vérifiées : {rows} lignes',
  'admin.import.written': 'Enregistrées : {rows} lignes',
  'admin.import.success': "L'envoi est en cours de traitement.",
  'admin.import.summary': '{rows} lignes : {created} nouvelles, {updated} modifiées, {unchanged} inchangées.',
  'admin.import.refusedOne':
    "Le fichier contient 1 erreur ; rien n'a été importé. Corrigez le fichier et importez-le à nouveau.",
  'admin.import.refused':
    "Le fichier contient {count} erreurs ; rien n'a été importé. Corrigez le fichier et importez-le à nouveau.",
  'admin.import.report': 'Erreurs par ligne',
  'admin.import.line': 'Ligne',
  'admin.import.column': 'Colonne',
  'admin.import.value': 'Valeur',
  'admin.import.reason': 'Problème',
  'admin.import.wholeRow': 'ligne entière',
  'admin.import.more': 'Et encore {count} erreurs qui ne figurent pas ici.',
  'admin.export.intro':
    "Téléchargez tous les rendez-vous d'un pays dans un fichier CSV (UTF-8, séparé par ;, s'ouvre dans Excel). Le même fichier peut être réimporté tel quel.",
  'admin.export.submit': 'Télécharger',
  'admin.export.downloading': 'Téléchargement en cours : {size} reçus…',
  'admin.export.done': '{file} a été téléchargé.',
};

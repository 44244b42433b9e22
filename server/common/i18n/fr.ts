import type { MessageKey } from './nl.js';

/** French twin of nl.ts: same keys, same parameters. */
export const fr: Record<MessageKey, string> = {
  // common
  INTERNAL_SERVER_ERROR: 'Un problème est survenu, rechargez la page et réessayez.',
  UNAUTHENTICATED: "Vous n'êtes pas (ou plus) connecté. Veuillez vous reconnecter.",
  FORBIDDEN: "Vous n'avez pas accès à cette partie.",
  BAD_USER_INPUT: 'Les données saisies ne sont pas valables.',
  NOT_FOUND: 'Introuvable.',
  RATE_LIMITED: 'Trop de tentatives. Réessayez dans {minutes} minutes.',
  FIELD_REQUIRED: 'Ce champ est obligatoire.',
  FIELD_TOO_LONG: 'Ce champ ne peut pas dépasser {max} caractères.',
  INVALID_EMAIL: "Ce n'est pas une adresse e-mail valable.",
  NUL_CHARACTER: 'La saisie contient un caractère non valable (NUL). Supprimez-le et réessayez.',
  ILL_FORMED_TEXT: 'La saisie contient des caractères qui ne forment pas un texte valable. Supprimez-les et réessayez.',
  UPLOAD_MALFORMED:
    "Le fichier n'a pas été envoyé entièrement ou correctement. Rien n'a été importé\u00a0; veuillez réessayer.",
  PAYLOAD_TOO_LARGE: 'La requête est trop volumineuse.',
  UPLOADS_BUSY: 'Beaucoup de fichiers arrivent en même temps. Réessayez dans quelques secondes.',
  UNSUPPORTED_MEDIA_TYPE: 'Envoyez cette requête en JSON (Content-Type\u00a0: application/json).',
  INVALID_CURSOR: "Ce curseur n'est pas valable\u00a0; utilisez l'endCursor de la page précédente.",
  INVALID_PAGE_SIZE: 'Demandez entre 1 et {max} éléments par page.',
  SEARCH_TOO_SHORT:
    'Cherchez sur au moins {min} lettres ou chiffres qui se suivent, un code postal, au moins 6 chiffres d’un numéro de téléphone ou une référence entière\u00a0: une courte (comme DS-3) est trouvée telle quelle.',
  SEARCH_HOUSE_NUMBER_INVALID:
    'Ce numéro de maison est illisible. Cherchez sur le code postal avec un numéro valable, par exemple 1000 12.',
  SEARCH_TOO_LONG: 'Cherchez sur {max} caractères au plus.',
  QUERY_TIMEOUT: 'Cela a pris trop de temps et a été interrompu. Réessayez dans un instant.',
  LIST_TOO_BROAD:
    'Cette liste est trop large, affinez votre recherche\u00a0: plus de lettres ou de chiffres, une période plus courte ou un filtre de plus.',
  LIVE_STREAMS_BUSY: 'Le suivi en direct est complet pour le moment. La page réessaie dans {seconds} secondes.',
  LIVE_STREAMS_PER_VIEWER:
    'Vous suivez déjà ceci dans {max} fenêtres à la fois. Fermez-en une pour suivre ici en direct.',
  LIVE_STREAMS_PER_ORDER:
    'Ce rendez-vous est suivi en direct dans trop de fenêtres. La page réessaie dans {seconds} secondes.',
  LIST_BUSY: 'Beaucoup de listes sont demandées en même temps. Réessayez dans quelques secondes.',
  INFORMED_NEEDS_FROM: 'Choisissez une date de début pour filtrer sur «\u00a0Plage horaire consultée\u00a0».',

  // consumers
  NO_ORDERS_FOUND:
    "Aucun rendez-vous n'a été trouvé à cette adresse. Il peut s'agir d'un problème technique temporaire. Si vous avez reçu un rappel par SMS ou par e-mail, la visite aura bien lieu et le technicien vous appellera 30 minutes avant son arrivée.",
  NO_ORDERS_FOUND_BY_PHONE:
    "Aucun rendez-vous n'a été trouvé pour ce numéro de téléphone. Il peut s'agir d'un problème technique temporaire. Si vous avez reçu un rappel par SMS ou par e-mail, la visite aura bien lieu et le technicien vous appellera 30 minutes avant son arrivée.",
  HOUSE_NUMBER_ADDITION_NEEDED:
    "Indiquez aussi le complément de votre numéro de maison, par exemple 12a ou 12-2. Si votre numéro n'en a pas, aucun rendez-vous n'a été trouvé à cette adresse.",
  INVALID_LOOKUP_HOUSE_NUMBER: 'Indiquez votre numéro de maison, par exemple 12 ou 12a.',

  // accounts (sign-in, password reset)
  NO_USER_FOUND: "Cette combinaison d'adresse e-mail et de mot de passe nous est inconnue.",
  UNKNOWN_EMAIL: 'Cette adresse e-mail nous est inconnue.',
  SIGN_IN_ACCOUNT_RATE_LIMITED:
    'Trop de tentatives de connexion avec un mauvais mot de passe ont été faites récemment sur ce compte. Connectez-vous depuis un appareil déjà utilisé pour vous connecter, demandez un nouveau mot de passe ou réessayez dans {minutes} minutes.',
  INVALID_TOKEN: 'Jeton saisi non valable.',
  PASSWORD_TOO_SHORT: 'Votre nouveau mot de passe doit contenir au moins {min} caractères',
  PASSWORD_TOO_LONG: 'Votre nouveau mot de passe peut contenir au plus {max} caractères.',
  MAIL_GREETING: 'Bonjour {name},',
  RESET_MAIL_SUBJECT: 'Définissez un nouveau mot de passe',
  RESET_MAIL_INTRO:
    'Un nouveau mot de passe a été demandé pour votre compte {brand}. Le lien ci-dessous vous permet de le définir.',
  WELCOME_MAIL_SUBJECT: 'Bienvenue chez {brand}\u00a0: définissez votre mot de passe',
  WELCOME_MAIL_INTRO:
    'Un compte {brand} a été créé pour vous. Le lien ci-dessous vous permet de définir votre mot de passe.',
  RESET_MAIL_ACTION: 'Définir le mot de passe',
  RESET_MAIL_VALIDITY:
    'Le lien fonctionne une seule fois et reste valable {minutes} minutes. Expiré\u00a0? Demandez-en un nouveau via «\u00a0Mot de passe oublié\u00a0».',
  RESET_MAIL_IGNORE:
    "Vous n'avez rien demandé\u00a0? Ignorez simplement cet e-mail\u00a0; votre mot de passe reste inchangé.",

  // second factors of staff
  SECOND_FACTOR_REQUIRED:
    'Ce compte se connecte en deux étapes. Utilisez l’écran de connexion de Tijdvak, qui demande le code après le mot de passe.',
  SIGN_IN_CHALLENGE_INVALID:
    'Cette tentative de connexion a expiré. Reconnectez-vous avec votre adresse e-mail et votre mot de passe.',
  SECOND_FACTOR_CODE_INVALID: 'Ce code est incorrect, expiré ou déjà utilisé. Essayez le code affiché maintenant.',
  SECOND_FACTOR_ACCOUNT_RATE_LIMITED:
    'Trop de codes erronés ont été essayés pour ce compte. Utilisez un appareil sur lequel vous vous êtes déjà connecté avec votre code, ou réessayez dans {minutes} minutes.',
  TOTP_ALREADY_ON: 'La validation en deux étapes est déjà activée.',
  TOTP_NOT_ON: 'La validation en deux étapes n’est pas activée.',
  SECOND_FACTOR_REQUIRED_BY_SETTING:
    'La validation en deux étapes est obligatoire pour votre compte\u00a0; vous ne pouvez pas la désactiver. Vous pouvez créer de nouveaux codes de récupération.',
  STAFF_ACCOUNT_ONE_OF: 'Choisissez un seul compte\u00a0: un compte de bureau ou un technicien.',
  OWN_SECOND_FACTOR: 'Gérez votre propre validation en deux étapes sous Mon compte.',

  // technicians
  TECHNICIAN_ALREADY_EXISTS: "Attention, l'adresse e-mail ou le numéro N existe déjà",
  TECHNICIAN_EMAIL_TAKEN: 'Attention, cette adresse e-mail est déjà utilisée par un autre technicien.',
  TECHNICIAN_COUNTRY_HAS_ORDERS:
    "{technician} a encore des missions à effectuer dans son pays actuel (nombre\u00a0: {count}). Déplacez-les d'abord vers un autre technicien, puis changez le pays\u00a0; rien n'a été modifié.",
  INVALID_PERSONAL_NUMBER: 'Un numéro N se compose de lettres et de chiffres, sans espaces.',
  STARTING_TIME_OUT_OF_RANGE: 'Choisissez une heure de début entre {minHour} et {maxHour}.',

  // admins
  ADMIN_EMAIL_TAKEN: 'Attention, cette adresse e-mail existe déjà',
  CANNOT_DEACTIVATE_SELF: 'Vous ne pouvez pas rendre votre propre compte inactif.',
  CANNOT_CHANGE_OWN_ROLE: 'Vous ne pouvez pas modifier le rôle de votre propre compte.',
  SESSION_NOT_FOUND: 'Cet appareil est déjà déconnecté.',
  CANNOT_END_OWN_SESSIONS: 'Déconnectez vos propres appareils sous Mes appareils.',
  // passkeys
  PASSKEY_REFUSED: "Cette clé d'accès n'a pas été acceptée. Veuillez réessayer.",
  PASSKEY_EXPIRED: 'Cela a pris trop de temps. Veuillez réessayer.',
  PASSKEY_UNKNOWN:
    "Cette clé d'accès n'est pas connue ici. Connectez-vous avec votre adresse e-mail et votre mot de passe.",
  PASSKEY_ALREADY_ADDED: "Cette clé d'accès a déjà été ajoutée.",
  TOO_MANY_PASSKEYS: "Vous avez déjà {max} clés d'accès. Supprimez-en une pour en ajouter une nouvelle.",
  PASSKEY_NOT_FOUND: "Cette clé d'accès a déjà été supprimée.",
  CANNOT_DELETE_SELF: 'Vous ne pouvez pas supprimer votre propre compte.',
  LAST_ACTIVE_ADMIN: "C'est le dernier administrateur actif\u00a0; activez d'abord un autre administrateur.",

  // orders
  INVALID_REFERENCE_NUMBER:
    'Un numéro de référence se compose de lettres, de chiffres et de . _ / - et commence par une lettre ou un chiffre.',
  INVALID_PHONE: "Ce n'est pas un numéro de téléphone valable.",
  INVALID_ZIPCODE_NL: 'Un code postal néerlandais se compose de quatre chiffres et deux lettres, par exemple 1234 AB.',
  INVALID_ZIPCODE_BE: 'Un code postal belge se compose de quatre chiffres, par exemple 1000.',
  INVALID_HOUSE_NUMBER: 'Un numéro de maison ne contient que des chiffres.',
  INVALID_HOUSE_NUMBER_ADDITION: 'Un complément de numéro se compose de lettres et de chiffres, comme a, 2 ou bis.',
  INVALID_CHARACTERS: 'Ce champ contient des caractères non admis ici, comme une tabulation ou un saut de ligne.',
  NAME_CHARACTERS:
    'Ce nom contient des caractères non admis ici, comme une tabulation, un saut de ligne ou un caractère de contrôle du sens de lecture.',
  DATE_OUT_OF_RANGE: 'Choisissez une date entre les années {first} et {last}.',
  ORDER_INVALID: "La mission n'a pas été enregistrée\u00a0: vérifiez les champs signalés.",
  ORDER_DATE_IN_PAST: "La date ne peut pas être antérieure à aujourd'hui.",
  ORDER_BEGIN_HOUR: "L'heure de début doit être une heure pleine de {firstHour} à {lastHour} inclus.",
  ORDER_DURATION: 'Une visite dure toujours {seconds} secondes (3 heures).',
  DUPLICATE_REFERENCE_NUMBER: 'Une mission avec ce numéro de référence existe déjà.',
  ORDER_NOT_FOUND: "Cette mission n'existe pas.",
  ORDER_REFERENCE_NOT_FOUND: "Il n'y a pas de mission avec le numéro de référence {reference}.",
  ORDERS_NOT_FOUND: "Ces missions n'existent pas\u00a0: {ids}. Rien n'a été migré.",
  ORDER_DELETED: 'Cette mission a été supprimée et ne peut plus être modifiée ni supprimée.',
  ORDERS_DELETED: "Ces missions ont été supprimées\u00a0: {ids}. Rien n'a été migré.",
  UNKNOWN_TECHNICIAN: "Il n'y a pas de technicien avec cet id ou ce numéro personnel.",
  SCHEDULE_CONFIRMED:
    "{technician} a déjà confirmé le planning du {date}\u00a0; on ne peut plus y ajouter de missions. Rien n'a été modifié.",
  ORDER_NOT_OF_SOURCE: "Ces missions n'appartiennent pas au technicien choisi.",
  ORDERS_NOT_OF_SOURCE: "Ces missions n'appartiennent pas au technicien choisi\u00a0: {ids}. Rien n'a été migré.",
  ORDERS_MIXED_SOURCES: 'Les missions appartiennent à plusieurs techniciens\u00a0; migrez-les par technicien.',
  MIGRATION_SAME_TECHNICIAN: 'Choisissez un autre technicien que celui qui a les missions maintenant.',
  NO_ORDERS_SELECTED: 'Sélectionnez au moins une mission.',
  TOO_MANY_ORDERS: 'Vous pouvez migrer au plus {max} missions à la fois.',
  TECHNICIAN_OTHER_COUNTRY: "Ce technicien travaille dans un autre pays que la mission. Rien n'a été modifié.",
  TECHNICIAN_NOT_IN_NL:
    "{technician} travaille en Belgique\u00a0; une mission aux Pays-Bas est confiée à un technicien des Pays-Bas. Rien n'a été modifié.",
  TECHNICIAN_NOT_IN_BE:
    "{technician} travaille aux Pays-Bas\u00a0; une mission en Belgique est confiée à un technicien de Belgique. Rien n'a été modifié.",
  TECHNICIAN_HAS_ORDERS:
    "{technician} a encore {count} missions ({references}). Déplacez-les d'abord vers un autre technicien\u00a0; rien n'a été supprimé.",
  ORDER_NOT_RESTORABLE: 'Cette mission ne peut pas être rétablie.',
  ORDER_NOT_DELETED: "Cette mission n'est pas supprimée.",
  ORDER_RESTORE_PAST:
    "Le jour de cette mission ({date}) est passé\u00a0; une mission supprimée d'un jour passé reste supprimée.",
  ORDER_RESTORE_ANONYMISED:
    'Les données du client ont été effacées de cette mission\u00a0; créez une nouvelle mission.',
  ORDER_RESTORE_NO_TECHNICIAN:
    "Cette mission n'a plus de technicien (il a été supprimé)\u00a0; créez une nouvelle mission.",
  ORDER_DATE_NOT_WORKING_DAY: 'Choisissez un jour ouvrable.',
  ORDER_DATE_IS_HOLIDAY: 'Le {date} est un jour férié pour {country}\u00a0: choisissez un autre jour.',
  ORDER_START_IN_PAST: 'Ce créneau a déjà commencé\u00a0; choisissez un créneau plus tard.',
  ORDER_DATE_IS_SUNDAY: "Aucune visite n'est planifiée le dimanche\u00a0: choisissez un autre jour.",

  // schedule
  SCHEDULE_LOCKED: 'Ce planning a déjà été confirmé et ne peut plus être modifié.',
  SCHEDULE_DATE_CHANGED:
    'Votre planning concerne désormais le {date}. Rechargez la page et vérifiez à nouveau les heures.',
  SCHEDULE_CHANGED:
    'Votre planning a changé entre-temps\u00a0: une mission a été ajoutée ou retirée. Rechargez la page et vérifiez à nouveau les heures.',
  SCHEDULE_NOTHING_TO_CONFIRM: 'Aucune mission à confirmer.',
  SCHEDULE_UNKNOWN_ORDER: 'La mission {id} ne fait pas partie de votre planning de ce jour.',
  SCHEDULE_DUPLICATE_ORDER: "La mission chez {name} figure plus d'une fois dans le planning.",
  SCHEDULE_INVALID_DURATION: 'La mission chez {name} doit durer 3 heures (10800 secondes).',
  SCHEDULE_WRONG_DATE: 'La mission chez {name} doit rester le {date}.',
  SCHEDULE_START_OUT_OF_HOURS: 'La mission chez {name} doit commencer entre {firstHour} et {lastHour}.',
  SCHEDULE_END_TOO_LATE: 'La mission chez {name} se termine après {endHour}. Choisissez un début plus tôt.',

  // imports
  IMPORT_SETTINGS_INVALID: "Les plages d'importation ne sont pas valables\u00a0; rien n'a été enregistré.",
  IMPORT_SETTINGS_EMPTY: "Il faut au moins une règle '<HH:MM' et une règle '>=HH:MM'.",
  IMPORT_SETTING_BETWEEN_FORMAT:
    "Écrivez l'heure prévue sous la forme '<HH:MM', 'HH:MM/HH:MM' (début avant fin) ou '>=HH:MM'.",
  IMPORT_SETTING_TO_FORMAT: "Écrivez la plage de visite sous la forme 'HH:MM/HH:MM', la fin après le début.",
  IMPORT_SETTING_HOURS: 'Choisissez des heures pleines de 07:00 à 20:00.',
  IMPORT_SETTING_OVERLAP:
    "La règle '{rule}' chevauche la règle '{other}'\u00a0: une heure prévue ne peut relever que d'une seule règle.",
  IMPORT_SETTING_GAP:
    "Les heures prévues de {from} à {to} ne relèvent d'aucune règle\u00a0: la règle '{other}' ne suit pas la règle '{rule}'.",
  IMPORT_SETTING_GAP_START:
    "Les heures prévues avant {to} ne relèvent d'aucune règle\u00a0: commencez par une règle '<{to}'.",
  IMPORT_SETTING_GAP_END:
    "Les heures prévues à partir de {from} ne relèvent d'aucune règle\u00a0: terminez par une règle '>={from}'.",
  IMPORT_FILE_MISSING: 'Choisissez un fichier CSV à importer.',
  IMPORT_FILE_TOO_LARGE: "Le fichier est trop volumineux\u00a0: {max} Mo au maximum. Rien n'a été importé.",
  IMPORT_NOT_TEXT: "Ce n'est pas un fichier CSV\u00a0: il contient des données binaires. Rien n'a été importé.",
  IMPORT_NOT_UTF8:
    "La ligne {line} contient des caractères qui ne sont pas en UTF-8. Enregistrez le fichier au format 'CSV UTF-8' et réessayez. Rien n'a été importé.",
  IMPORT_FILE_EMPTY: 'Le fichier est vide.',
  IMPORT_NO_ROWS: "Le fichier ne contient qu'une ligne d'en-tête et aucun rendez-vous.",
  IMPORT_ROWS_INVALID: "Le fichier contient des erreurs\u00a0; rien n'a été importé.",
  IMPORT_JOB_ID_INVALID: "Le numéro de l'importation n'est pas un UUID valable.",
  IMPORT_JOB_ID_TAKEN: 'Une importation avec ce numéro existe déjà.',
  IMPORT_IN_PROGRESS:
    "Une importation est déjà en cours. Attendez qu'elle soit terminée, puis réessayez\u00a0; rien n'a été importé.",
  IMPORT_COLUMN_UNKNOWN: "Colonne inconnue '{column}'. Colonnes possibles\u00a0: {columns}.",
  IMPORT_COLUMN_MISSING: "La colonne '{column}' manque dans la ligne d'en-tête.",
  IMPORT_COLUMN_DUPLICATE: "La colonne '{column}' figure deux fois dans la ligne d'en-tête.",
  IMPORT_ROW_COLUMN_COUNT: "Cette ligne compte {found} colonnes\u00a0; la ligne d'en-tête en compte {expected}.",
  IMPORT_CSV_QUOTES: "Un guillemet (\") n'est pas correctement fermé\u00a0; la lecture s'est arrêtée ici.",
  IMPORT_CSV_RECORD_TOO_LONG: "Cette ligne est trop longue pour être lue\u00a0; la lecture s'est arrêtée ici.",
  IMPORT_CSV_MALFORMED: "Cette ligne n'est pas du CSV valable\u00a0; la lecture s'est arrêtée ici.",
  IMPORT_INVALID_DATE: 'Écrivez la date sous la forme jj-mm-aaaa, par exemple 23-11-2026.',
  IMPORT_INVALID_TIME:
    'Écrivez une heure prévue HH:MM (par exemple 09:30) ou une plage HH:MM/HH:MM (par exemple 08:00/11:00).',
  IMPORT_NO_WINDOW:
    "Aucune plage d'importation ne correspond à l'heure prévue {time}\u00a0; vérifiez les paramètres du système.",
  IMPORT_WINDOW_OUTSIDE_HOURS: 'Une plage de visite ne commence pas avant {from} et ne finit pas après {to}.',
  IMPORT_UNKNOWN_TECHNICIAN: "Il n'y a pas de technicien avec le numéro personnel '{value}'.",
  IMPORT_INVALID_FLAG: 'Écrivez 0 (rendez-vous ordinaire) ou 1 (rendez-vous spécial).',
  IMPORT_INVALID_EXTERNAL: "Laissez vide (nous venons nous-mêmes) ou écrivez 0 ou 1 (l'entreprise externe).",
  IMPORT_INVALID_LANGUAGE: 'Laissez vide (le code postal décide) ou écrivez nl (néerlandais) ou fr (français).',
  IMPORT_INVALID_COUNTRY: 'Écrivez NL ou BE.',
  IMPORT_WRONG_COUNTRY: 'Ce rendez-vous est pour {foundCountry}\u00a0; ce fichier est importé pour {expectedCountry}.',
  IMPORT_DUPLICATE_REFERENCE: 'Ce numéro de référence figure aussi à la ligne {line}.',
  IMPORT_ORDER_DELETED: 'Le rendez-vous avec ce numéro de référence a été supprimé et ne peut pas être réimporté.',
  IMPORT_ORDER_OTHER_COUNTRY: 'Ce numéro de référence appartient à un rendez-vous pour {country}.',
  // imports: holiday rule
  IMPORT_DATE_IS_HOLIDAY: 'Le {date} est un jour férié pour {country}\u00a0: planifiez la mission un autre jour.',

  // exports
  EXPORTS_BUSY: '{max} exportations sont déjà en cours de téléchargement. Réessayez dans {seconds} secondes.',
  EXPORT_SELECTION_TOO_LARGE:
    'Cette sélection compte plus de {max} missions\u00a0: affinez les filtres, ou téléchargez tout un pays via Télécharger les données.',

  // holidays
  DATE_INPUT_INVALID: 'Saisissez une date valable (aaaa-mm-jj).',
  HOLIDAY_EXISTS: 'Un jour férié est déjà enregistré le {date} pour {country}.',
  HOLIDAY_NOT_FOUND: "Ce jour férié n'existe pas (ou plus).",
  // holidays: guard
  HOLIDAY_HAS_ONE_ORDER:
    'Le {date}, 1 mission active est prévue pour {country}. Enregistrez quand même le jour férié ou annulez.',
  HOLIDAY_HAS_ORDERS:
    'Le {date}, {count} missions actives sont prévues pour {country}. Enregistrez quand même le jour férié ou annulez.',

  // statistics
  STATISTICS_RANGE_REVERSED: 'La date de fin précède la date de début.',
  FIGURES_RANGE_TOO_LONG: 'Choisissez une période de {days} jours au plus.',

  // consumer messages: sending again
  MESSAGE_NOT_FOUND: "Ce message n'existe pas (plus).",
  MESSAGES_OFF:
    'Les messages aux consommateurs sont désactivés pour {country}. Activez-les dans les paramètres système pour renvoyer.',
  MESSAGES_OFF_EMAIL:
    "L'e-mail aux consommateurs est désactivé pour {country}. Activez-le dans les paramètres système pour renvoyer.",
  MESSAGES_OFF_SMS:
    'Le SMS aux consommateurs est désactivé pour {country}. Activez-le dans les paramètres système pour renvoyer.',
  MESSAGE_UNSUBSCRIBED: "Cette adresse s'est désinscrite des messages\u00a0: plus rien n'y est envoyé.",
  MESSAGE_ORDER_DELETED: 'Ce rendez-vous a été supprimé\u00a0: le client ne reçoit plus de messages à son sujet.',
  MESSAGE_ALREADY_QUEUED: 'Ce message est déjà prêt à être envoyé.',
  MESSAGE_SUPERSEDED: 'Un message plus récent a été envoyé ensuite par ce canal\u00a0; renvoyez celui-là.',
  MESSAGE_VISIT_OVER: "La visite est passée\u00a0: renvoyer n'a plus de sens.",
  MESSAGE_RATING_CLOSED:
    "Cette visite ne peut plus être évaluée (plus terminée, ou terminée il y a plus de 7 jours)\u00a0: renvoyer le remerciement n'a plus de sens.",
  MESSAGE_NO_ADDRESS: "Le rendez-vous n'a plus d'adresse pour ce canal. Complétez-la et réessayez.",
  // message settings
  MORNING_SMS_AT_INVALID: "Indiquez l'heure au format hh:mm, de 00:00 à 23:59.",
  SENDER_NAME_INVALID:
    "Pour l'expéditeur, utilisez uniquement des lettres, des chiffres et des espaces, avec . , & ' - entre eux.",
  MESSAGE_CHANNEL_REQUIRED: 'Choisissez au moins un canal (e-mail ou SMS), ou désactivez les messages.',

  // consumers: calendar file and reply; admin: call list
  VISIT_NOT_FOUND:
    'Ce rendez-vous ne correspond pas à votre recherche. Veuillez rechercher à nouveau votre rendez-vous.',
  VISIT_WINDOW_NOT_AVAILABLE:
    "La plage horaire de cette visite n'est pas encore connue. Elle sera disponible à partir de {shownTime} le jour ouvrable précédant la visite.",
  VISIT_EXTERNAL: 'Cette visite est effectuée par {company}, qui conviendra du moment avec vous.',
  CALENDAR_SUMMARY: 'Visite du technicien entre {begin} et {end}',
  CALENDAR_DESCRIPTION:
    "Le technicien passera le {date} entre {begin} et {end} et vous appellera 30 minutes avant son arrivée. Gardez votre preuve d'achat ou votre bon de livraison à portée de main.\nRéférence\u00a0: {reference}\nDes questions\u00a0? Notre service clientèle est joignable de {opens} à {closes} au {phone}.",
  CALENDAR_FILE_NAME: 'rendez-vous-{reference}.ics',
  REPLY_EMPTY: 'Choisissez une réponse ou saisissez une note.',
  REPLY_CLOSED: 'Votre visite a déjà commencé ({start})\u00a0; votre réponse ne peut plus être modifiée.',
  RATING_NOT_FINISHED: "Vous pourrez évaluer la visite dès que le technicien l'aura terminée.",
  RATING_CLOSED:
    "Une évaluation peut être donnée ou modifiée jusqu'à {days} jours après la visite\u00a0; ce délai est dépassé.",
  RATING_SCORE_RANGE: 'Choisissez une note de {min} à {max}.',
  ACCESS_NOTE_CHARACTERS:
    'Cette note contient des caractères non autorisés ici, comme une tabulation ou un caractère de contrôle.',
  TIME_INPUT_INVALID: 'Indiquez une heure au format HH:MM, par exemple 18:00.',

  // self-move: the consumer moves the visit from the personal link; admin: its settings
  MOVE_OFF:
    'Vous ne pouvez pas déplacer vous-même votre rendez-vous ici. Choisissez «\u00a0Je ne peux pas, appelez-moi\u00a0» et nous vous appellerons pour convenir d’un autre jour.',
  MOVE_CLOSED: 'Votre visite a déjà commencé ou le technicien est en route\u00a0; elle ne peut plus être déplacée.',
  MOVE_OFFER_UNKNOWN: 'Nous ne proposons pas ce moment pour votre visite. Choisissez l’un des moments affichés.',
  MOVE_OFFER_TAKEN: 'Ce moment vient d’être choisi par quelqu’un d’autre. Choisissez l’un des moments encore libres.',
  MOVE_UNDO_CLOSED: 'Ce déplacement ne peut plus être annulé.',
  NUMBER_OUT_OF_RANGE: 'Choisissez un nombre entier de {min} à {max}.',

  // visits: the technician's visit day
  VISIT_NOT_YOURS: 'Cette commande ne figure pas (ou plus) dans votre planning.',
  VISIT_NOT_TODAY: 'Cette commande est prévue le {date}. Vous ne pouvez indiquer le statut que le jour de la visite.',
  VISIT_RECORD_NOT_YOURS: 'Cette commande ne figure pas (ou plus) dans votre planning.',
  VISIT_RECORD_NOT_TODAY: 'Cette commande est prévue le {date}. Vous ne pouvez consigner la visite que le jour même.',
  VISIT_PHOTO_NOT_AN_IMAGE:
    "Ce fichier n'est pas une photo lisible (autre type de fichier, incomplet ou endommagé). Rien n'a été enregistré.",
  VISIT_PHOTO_TOO_LARGE: "Cette photo dépasse {max} Mo. Rien n'a été enregistré.",
  VISIT_PHOTOS_TOO_MANY: 'Cette visite compte déjà {max} photos\u00a0; il n’est pas possible d’en ajouter.',
  VISIT_SIGNATURE_TOO_LARGE: "Cette signature dépasse {max} Mo. Rien n'a été enregistré.",
  VISIT_PARTS_TOO_MANY: 'Indiquez au maximum {max} lignes de pièces.',
  PART_QUANTITY_RANGE: 'Indiquez une quantité de 1 à {max}.',
  VISIT_FILE_NOT_RECEIVED: "Le fichier n'est pas arrivé en entier. Rien n'a été enregistré\u00a0; veuillez réessayer.",
  VISIT_STAGE_BACKWARDS:
    "Cette étape est déjà faite ou précède le statut actuel. Utilisez «\u00a0Annuler\u00a0» pour revenir d'une étape.",
  VISIT_OTHER_ON_THE_WAY:
    "Vous êtes déjà en route vers {name} ({time}). Indiquez d'abord votre arrivée là-bas, ou annulez «\u00a0en route\u00a0».",
  VISIT_OTHER_ARRIVED:
    "Vous êtes encore chez {name} (arrivé à {time}). Indiquez d'abord «\u00a0Terminée\u00a0» là-bas, ou corrigez «\u00a0Arrivé\u00a0».",
  VISIT_NOTHING_TO_UNDO: "Il n'y a pas d'étape à annuler. Vous pouvez revenir d'une seule étape à la fois.",
  VISIT_ARRIVAL_REQUIRED: "Indiquez l'heure à laquelle vous pensez arriver.",
  VISIT_ARRIVAL_OUT_OF_RANGE:
    "L'arrivée prévue doit être postérieure à maintenant et au plus {hours} heures plus tard.",
  VISIT_ARRIVAL_NOT_ALLOWED: "L'arrivée prévue ne s'indique qu'avec «\u00a0En route\u00a0».",
  VISIT_OUTCOME_REQUIRED: "Choisissez comment s'est terminée la visite.",
  VISIT_OUTCOME_NOT_ALLOWED: "Le résultat de la visite ne s'indique qu'avec «\u00a0Terminé\u00a0».",
  VISIT_NOTE_NOT_ALLOWED: "Une note ne s'indique qu'avec «\u00a0Terminé\u00a0».",
  VISIT_ESTIMATE_TOO_SOON:
    "Vous venez d'indiquer l'heure d'arrivée prévue. Une nouvelle est possible à partir de {time}\u00a0; une erreur se corrige avec «\u00a0Corriger\u00a0».",
  VISIT_TOO_MANY_STEPS_BACK:
    'Cette visite a été corrigée trop souvent de suite. Vous pourrez corriger à nouveau à partir de {time}.',

  // consumer messages (the visit window at 13:30, updates, cancellations)
  CONSUMER_MAIL_WINDOW_SUBJECT: 'Votre technicien passe le {date} entre {begin} et {end}',
  CONSUMER_MAIL_UPDATE_SUBJECT: 'Modifié\u00a0: votre technicien passe le {date} entre {begin} et {end}',
  CONSUMER_MAIL_MOVED_SUBJECT: 'Votre rendez-vous est déplacé au {date}',
  CONSUMER_MAIL_CANCELLATION_SUBJECT: 'Votre rendez-vous du {date} est annulé',
  CONSUMER_MAIL_WINDOW_INTRO: 'Le technicien passe le {date} entre {begin} et {end}.',
  CONSUMER_MAIL_UPDATE_INTRO:
    'Votre rendez-vous a changé. Le technicien passe maintenant le {date} entre {begin} et {end}.',
  CONSUMER_MAIL_MOVED_INTRO:
    "Votre rendez-vous est déplacé au {date}. À partir du {shownFrom}, vous verrez l'heure de passage du technicien\u00a0; vous recevrez alors un message.",
  CONSUMER_MAIL_CANCELLATION_INTRO:
    'Votre rendez-vous du {date} est annulé. Nous vous contacterons pour un nouveau rendez-vous.',
  CONSUMER_MAIL_CALL_AHEAD: 'Le technicien vous appelle 30 minutes avant son arrivée.',
  CONSUMER_MAIL_REFERENCE: 'Votre numéro de commande\u00a0: {reference}',
  CONSUMER_MAIL_ACTION: 'Voir votre rendez-vous',
  CONSUMER_MAIL_REPLY_QUESTION: 'Serez-vous à la maison\u00a0?',
  CONSUMER_MAIL_REPLY_AT_HOME: 'Oui, je serai à la maison',
  CONSUMER_MAIL_REPLY_CALL_ME: 'Non, appelez-moi',
  CONSUMER_MAIL_QUESTIONS: 'Des questions\u00a0? Appelez-nous au {phone} (de {opens} à {closes}).',
  CONSUMER_MAIL_UNSUBSCRIBE: 'Ne plus recevoir de mails sur vos rendez-vous\u00a0? Se désabonner',
  CONSUMER_SMS_WINDOW: '{sender}: le technicien passe le {date} entre {begin} et {end} et appelle 30 min avant. {link}',
  CONSUMER_SMS_WINDOW_SHORT: '{sender}: technicien le {date} {begin}-{end}, appel 30 min avant. {link}',
  CONSUMER_SMS_UPDATE:
    '{sender}: modifié\u00a0! Le technicien passe le {date} entre {begin} et {end} et appelle 30 min avant. {link}',
  CONSUMER_SMS_UPDATE_SHORT: '{sender}: modifié, technicien le {date} {begin}-{end}. {link}',
  CONSUMER_SMS_MOVED: "{sender}: votre rendez-vous est déplacé au {date}. L'heure suivra le {shownFrom}. {link}",
  CONSUMER_SMS_MOVED_SHORT: '{sender}: rendez-vous déplacé au {date}. {link}',
  CONSUMER_SMS_ON_THE_WAY:
    '{sender}: votre technicien {name} est en route et arrivera vers {arrival}. Suivez la visite\u00a0: {link}',
  CONSUMER_SMS_ON_THE_WAY_SHORT: '{sender}: technicien en route, arrivée vers {arrival}. {link}',
  CONSUMER_SMS_RUNNING_LATE:
    '{sender}: {name} a du retard et arrivera vers {arrival}, après la plage {begin}-{end}. Désolés\u00a0! {link}',
  CONSUMER_SMS_RUNNING_LATE_SHORT: '{sender}: technicien en retard, arrivée vers {arrival}. {link}',
  CONSUMER_MAIL_RUNNING_LATE_SUBJECT: 'Le technicien a du retard',
  CONSUMER_MAIL_RUNNING_LATE_INTRO:
    "Le technicien a pris du retard aujourd'hui et n'arrivera pas dans la plage de {begin} à {end}. Arrivée prévue vers {arrival}. Veuillez nous en excuser.",
  CONSUMER_SMS_MORNING:
    "{sender}: le technicien passe aujourd'hui {time}. Répondez 1 = je serai présent, 2 = appelez-moi, 3 = déplacer.",
  CONSUMER_SMS_MORNING_SHORT:
    "{sender}: technicien aujourd'hui {time}. Répondez 1 = présent, 2 = appelez-moi, 3 = déplacer.",
  CONSUMER_SMS_MORNING_EXPECTED: 'probablement entre {begin} et {end}. Vous êtes la {ordinal} visite',
  CONSUMER_SMS_MORNING_WINDOW: 'entre {begin} et {end}',
  CONSUMER_SMS_CANCELLATION:
    '{sender}: votre rendez-vous du {date} est annulé. Nous vous rappelons. Questions\u00a0: {phone}',
  CONSUMER_SMS_CANCELLATION_SHORT: '{sender}: rendez-vous du {date} annulé. Questions\u00a0: {phone}',

  // answers by SMS
  SMS_REPLY_AT_HOME: "Merci, c'est noté\u00a0: vous serez présent. Le technicien vous appelle 30 min avant.",
  SMS_REPLY_CALL_ME_BEFORE:
    "C'est noté\u00a0: notre service clientèle vous appelle le {date} avant {time} pour déplacer la visite.",
  SMS_REPLY_CALL_ME_FROM:
    "C'est noté\u00a0: notre service clientèle vous appelle le {date} à partir de {time} pour déplacer la visite.",
  SMS_REPLY_MOVE: 'Choisissez un autre jour sur votre page personnelle\u00a0: {link}',
  SMS_REPLY_STOP: 'Vous ne recevrez plus de SMS sur vos rendez-vous. Envoyez START pour les recevoir à nouveau.',
  SMS_REPLY_START: 'Vous recevez à nouveau les SMS sur vos rendez-vous. Envoyez STOP pour les arrêter.',
  SMS_REPLY_HELP:
    'Répondez 1 = je serai présent, 2 = appelez-moi, 3 = déplacer, STOP = plus de SMS. Questions\u00a0? Appelez le {phone}.',
  SMS_REPLY_UNKNOWN:
    "Nous ne trouvons pas de rendez-vous pour aujourd'hui ou demain à ce numéro. Questions\u00a0? Appelez le {phone}.",
  SMS_REPLY_REFUSED: "Votre réponse n'a pas été enregistrée. Appelez-nous au {phone}.",

  // consumer messages: a deleted order restored after its cancellation was told
  CONSUMER_MAIL_RESTORED_SUBJECT: 'Votre rendez-vous est maintenu\u00a0: le {date} entre {begin} et {end}',
  CONSUMER_MAIL_RESTORED_INTRO:
    "Votre rendez-vous est à nouveau planifié. Le technicien passe le {date} entre {begin} et {end}. Notre message précédent annonçant l'annulation n'est plus valable.",
  CONSUMER_MAIL_RESTORED_DAY_SUBJECT: 'Votre rendez-vous est maintenu\u00a0: le {date}',
  CONSUMER_MAIL_RESTORED_DAY_INTRO:
    "Votre rendez-vous est à nouveau planifié, le {date}. Notre message précédent annonçant l'annulation n'est plus valable. À partir du {shownFrom}, vous verrez l'heure de passage du technicien\u00a0; vous recevrez alors un message.",
  CONSUMER_SMS_RESTORED:
    '{sender}: votre rendez-vous est maintenu\u00a0! Technicien le {date} entre {begin} et {end}. {link}',
  CONSUMER_SMS_RESTORED_SHORT: '{sender}: rendez-vous maintenu, le {date} {begin}-{end}. {link}',
  CONSUMER_SMS_RESTORED_DAY:
    "{sender}: votre rendez-vous est maintenu, le {date}. L'heure suivra le {shownFrom}. {link}",
  CONSUMER_SMS_RESTORED_DAY_SHORT: '{sender}: rendez-vous maintenu, le {date}. {link}',

  // consumer messages: the thank-you after a finished visit, with the rating link
  CONSUMER_MAIL_THANK_YOU_SUBJECT: "Merci pour votre temps\u00a0: comment s'est passée la visite\u00a0?",
  CONSUMER_MAIL_THANK_YOU_INTRO: "Notre technicien est passé chez vous le {date}. Merci de l'avoir accueilli.",
  CONSUMER_MAIL_THANK_YOU_REPAIRED: 'Votre appareil est réparé.',
  CONSUMER_MAIL_THANK_YOU_FOLLOW_UP_PARTS: 'Une visite de suivi aura lieu\u00a0: les pièces sont commandées.',
  CONSUMER_MAIL_THANK_YOU_NOT_DONE: "La réparation n'a pas abouti. Appelez-nous, nous verrons ensemble la suite.",
  CONSUMER_MAIL_THANK_YOU_ASK:
    "Comment s'est passée la visite\u00a0? Donnez une note de 1 à 5, avec un commentaire si vous le souhaitez, jusqu'au {until}.",
  CONSUMER_MAIL_THANK_YOU_ACTION: 'Évaluer la visite',
  CONSUMER_SMS_THANK_YOU:
    "{sender}: merci pour votre temps\u00a0! Comment s'est passée la visite\u00a0? Une note de 1 à 5\u00a0: {link}",
  CONSUMER_SMS_THANK_YOU_SHORT: '{sender}: votre avis sur la visite\u00a0? {link}',
  // consumer messages: the work report of a finished visit (the technician's record)
  CONSUMER_MAIL_VISIT_REPORT_SUBJECT: "Votre rapport d'intervention du {date}",
  CONSUMER_MAIL_VISIT_REPORT_INTRO: 'Notre technicien est passé chez vous le {date}. Voici ce qui a été fait.',
  CONSUMER_MAIL_VISIT_REPORT_APPLIANCE: 'Appareil',
  CONSUMER_MAIL_VISIT_REPORT_PARTS: 'Pièces utilisées',
  CONSUMER_MAIL_VISIT_REPORT_NOTE: 'Remarque du technicien',
  CONSUMER_MAIL_VISIT_REPORT_SIGNED: 'Signé',
  CONSUMER_MAIL_VISIT_REPORT_PHOTOS: 'Photos',
  CONSUMER_MAIL_VISIT_REPORT_SIGNATURE_ALT: 'Votre signature',
  CONSUMER_MAIL_VISIT_REPORT_PHOTO_ALT: 'Photo {number} de la visite',
  CONSUMER_MAIL_VISIT_REPORT_PHOTOS_ATTACHED: 'La signature et les photos sont jointes à ce mail.',
  CONSUMER_MAIL_VISIT_REPORT_ACTION: "Voir le rapport d'intervention",
  CONSUMER_MAIL_VISIT_REPORT_UNTIL: "La page montre les photos en grand jusqu'au {until}.",
  CONSUMER_SMS_VISIT_REPORT: "{sender}: votre rapport d'intervention du {date} est prêt\u00a0: {link}",
  CONSUMER_SMS_VISIT_REPORT_SHORT: '{sender}: votre rapport\u00a0: {link}',
  // consumer messages: a visit a partner makes (who contacts the consumer instead of our window)
  CONSUMER_PARTNER_UNNAMED: 'notre partenaire de service',
  CONSUMER_MAIL_PARTNER_SUBJECT: 'Votre réparation est assurée par {partner}',
  CONSUMER_MAIL_PARTNER_INTRO:
    "Votre réparation est assurée par {partner}. Ce partenaire vous contactera pour convenir de l'heure de la visite.",
  CONSUMER_MAIL_PARTNER_PHONE: 'Vous pouvez aussi appeler {partner} au {partnerPhone}.',
  CONSUMER_SMS_PARTNER:
    "{sender}: {partner} assure votre réparation et vous appellera pour convenir de l'heure. {link}",
  CONSUMER_SMS_PARTNER_SHORT: '{sender}: {partner} assure votre réparation et vous appellera. {link}',
  // consumer links: the one-click unsubscribe of a mail provider
  EMAIL_UNSUBSCRIBED: "Désinscription effectuée\u00a0: {email} ne recevra plus d'e-mails sur vos rendez-vous.",
  PERSONAL_LINK_INVALID: "Ce lien n'est pas valable. Recherchez votre rendez-vous avec votre numéro de téléphone.",
  ONE_CLICK_BODY_REQUIRED: 'Envoyez List-Unsubscribe=One-Click (RFC 8058) ou utilisez le bouton de la page.',
  // the call list: call statuses
  CALL_ORDER_NOT_LISTED:
    "La mission {reference} ne figure pas sur la liste d'appels du {day}\u00a0: celle-ci reprend les missions de ce jour que nous réalisons nous-mêmes. Rien n'a été enregistré.",
  CALL_ORDER_DELETED:
    "La mission {reference} a été supprimée\u00a0: il n'y a plus lieu d'appeler. Rien n'a été enregistré.",
  CALL_NOTE_WITHOUT_STATUS: "Choisissez d'abord le résultat de l'appel\u00a0; une note accompagne un statut d'appel.",
  // data requests: a person's data found, downloaded and erased
  DATA_SEARCH_INVALID: 'Cherchez une adresse e-mail ou un numéro de téléphone d’au moins 6 chiffres.',
  DATA_SUBJECT_NOT_FOUND: 'Aucune mission ne mentionne (plus) cette adresse e-mail ou ce numéro.',
  DATA_SUBJECT_TOO_MANY:
    'Plus de {max} missions le mentionnent\u00a0: ce n’est pas une seule personne. Cherchez une autre adresse ou un autre numéro.',
  ERASE_PLANNED_VISITS:
    'Cette personne a encore {count} visites prévues. Supprimez (annulez) d’abord ces missions\u00a0; vous pourrez ensuite effacer les données.',
  ERASE_SAME_ADMIN: 'Un second administrateur doit confirmer l’effacement, pas celui qui l’a demandé.',
  ERASE_NOT_PENDING: 'Cette demande n’attend pas (plus) de confirmation.',
  DATA_EXPORT_TITLE: 'Données de {search}',
  DATA_EXPORT_MADE_AT: 'Établi le {date} à {time}.',
  DATA_EXPORT_ORDERS: 'Missions',
  DATA_EXPORT_NONE: 'Rien.',
  DATA_PART_consumerReplies: 'Réponses et notes du client',
  DATA_PART_visitRatings: 'Évaluations et commentaires',
  DATA_PART_visitStatuses: 'Statut de la visite et notes du technicien',
  DATA_PART_visitRecords: 'Rapports de visite du technicien',
  DATA_PART_orderCalls: 'Statuts d’appel et notes',
  DATA_PART_consumerMessages: 'Messages envoyés',
  DATA_PART_unsubscribes: 'Désinscriptions',
  DATA_PART_inboundSms: 'SMS du client',
  DATA_PART_siteVisits: 'Visites du site',
  DATA_PART_mailOpens: 'E-mails ouverts',
  DATA_PART_orderHistory: 'Historique des missions',
  // api clients
  API_CLIENT_NOT_FOUND: "Cette application n'existe pas ou a été révoquée.",
  API_CLIENT_NAME_INVALID: "Donnez à l'application un nom de 1 à 100 caractères.",
  API_CLIENT_SCOPES_INVALID:
    'Choisissez un ou plusieurs droits\u00a0: orders:read, orders:write, visits:read, statistics:read.',
  API_CLIENT_COUNTRIES_INVALID: 'Choisissez les Pays-Bas, la Belgique ou les deux.',
  API_CLIENT_BUDGET_INVALID: 'Le nombre de requêtes par minute va de 1 à 10 000, le coût par minute de 1 à 1 000 000.',
  API_CLIENT_OVERLAP_INVALID: "L'ancienne clé reste valable de 0 à 168 heures.",
  API_CLIENT_COUNTRY_NOT_ALLOWED: 'Cette application ne peut pas écrire de missions pour {country}.',
  // webhooks
  WEBHOOK_NOT_FOUND: "Ce webhook ou cet envoi n'existe pas.",
  WEBHOOK_APPLICATION_NOT_FOUND: "Cette application n'existe pas ou a été révoquée.",
  WEBHOOK_ENDPOINT_LIMIT: 'Une application a au plus 20 webhooks.',
  WEBHOOK_URL_INVALID: "Indiquez une adresse web complète sans nom d'utilisateur, comme https://exemple.be/webhooks.",
  WEBHOOK_URL_NOT_HTTPS: 'Une adresse de webhook commence par https://.',
  WEBHOOK_ADDRESS_NOT_PUBLIC:
    'Cette adresse mène à un réseau privé ou interne\u00a0; les webhooks ne vont qu’à des adresses publiques.',
  WEBHOOK_EVENTS_INVALID: 'Choisissez un ou plusieurs événements de la liste.',
  WEBHOOK_OVERLAP_INVALID: "L'ancien secret continue de signer de 0 à 168 heures.",
  API_CLIENT_COUNTRY_NOT_READABLE: 'Cette application ne peut pas lire les données concernant {country}.',
  IDEMPOTENCY_KEY_REUSED:
    'Cette Idempotency-Key a déjà servi pour une autre requête. Utilisez une nouvelle clé pour une nouvelle requête.',
  IDEMPOTENCY_KEY_IN_USE:
    'La première requête avec cette Idempotency-Key est encore en cours. Réessayez dans un instant.',
  IDEMPOTENCY_KEY_INVALID: 'Une Idempotency-Key compte de 1 à 255 caractères visibles.',
  API_BUDGET_SPENT: 'Cette application a épuisé son budget de cette minute. Réessayez dans {seconds} secondes.',
  // mail
};

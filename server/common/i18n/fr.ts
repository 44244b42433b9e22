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

  // consumers

  // accounts (sign-in, password reset)
  NO_USER_FOUND: "Cette combinaison d'adresse e-mail et de mot de passe nous est inconnue.",
  UNKNOWN_EMAIL: 'Cette adresse e-mail nous est inconnue.',
  INVALID_TOKEN: 'Jeton saisi non valable.',
  PASSWORD_TOO_SHORT: 'Votre nouveau mot de passe doit contenir au moins {min} caractères',
  PASSWORD_TOO_LONG: 'Votre nouveau mot de passe peut contenir au plus {max} caractères.',
  MAIL_GREETING: 'Bonjour {name},',
  RESET_MAIL_SUBJECT: 'Définissez un nouveau mot de passe',
  RESET_MAIL_INTRO:
    'Un nouveau mot de passe a été demandé pour votre compte {brand}. Le lien ci-dessous vous permet de le définir.',
  WELCOME_MAIL_SUBJECT: 'Bienvenue chez {brand} : définissez votre mot de passe',
  WELCOME_MAIL_INTRO:
    'Un compte {brand} a été créé pour vous. Le lien ci-dessous vous permet de définir votre mot de passe.',
  RESET_MAIL_ACTION: 'Définir le mot de passe',
  RESET_MAIL_VALIDITY:
    'Le lien fonctionne une seule fois et reste valable {minutes} minutes. Expiré ? Demandez-en un nouveau via « Mot de passe oublié ».',
  RESET_MAIL_IGNORE: "Vous n'avez rien demandé ? Ignorez simplement cet e-mail ; votre mot de passe reste inchangé.",

  // technicians
  TECHNICIAN_ALREADY_EXISTS: "Attention, l'adresse e-mail ou le numéro N existe déjà",
  TECHNICIAN_EMAIL_TAKEN: 'Attention, cette adresse e-mail est déjà utilisée par un autre technicien.',
  INVALID_PERSONAL_NUMBER: 'Un numéro N se compose de lettres et de chiffres, sans espaces.',
  STARTING_TIME_OUT_OF_RANGE: 'Choisissez une heure de début entre {min}:00 et {max}:00.',

  // admins
  ADMIN_EMAIL_TAKEN: 'Attention, cette adresse e-mail existe déjà',
  CANNOT_DEACTIVATE_SELF: 'Vous ne pouvez pas rendre votre propre compte inactif.',
  CANNOT_DELETE_SELF: 'Vous ne pouvez pas supprimer votre propre compte.',
  LAST_ACTIVE_ADMIN: "C'est le dernier administrateur actif ; activez d'abord un autre administrateur.",

  // orders
  INVALID_REFERENCE_NUMBER:
    'Un numéro de référence se compose de lettres, de chiffres et de . _ / - et commence par une lettre ou un chiffre.',
  INVALID_PHONE: "Ce n'est pas un numéro de téléphone valable.",
  INVALID_ZIPCODE_NL: 'Un code postal néerlandais se compose de quatre chiffres et deux lettres, par exemple 1234 AB.',
  INVALID_ZIPCODE_BE: 'Un code postal belge se compose de quatre chiffres, par exemple 1000.',
  INVALID_HOUSE_NUMBER: 'Un numéro de maison ne contient que des chiffres.',

  // schedule

  // imports

  // exports

  // holidays

  // statistics

  // mail
};

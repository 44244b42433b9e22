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
  NO_ORDERS_FOUND:
    "Aucun rendez-vous n'a été trouvé à cette adresse. Il peut s'agir d'un problème technique temporaire. Si vous avez reçu un rappel par SMS ou par e-mail, la visite aura bien lieu et le technicien vous appellera 30 minutes avant son arrivée.",
  NO_ORDERS_FOUND_BY_PHONE:
    "Aucun rendez-vous n'a été trouvé pour ce numéro de téléphone. Il peut s'agir d'un problème technique temporaire. Si vous avez reçu un rappel par SMS ou par e-mail, la visite aura bien lieu et le technicien vous appellera 30 minutes avant son arrivée.",
  INVALID_LOOKUP_HOUSE_NUMBER: 'Indiquez votre numéro de maison, par exemple 12 ou 12a.',

  // accounts (sign-in, password reset)

  // technicians

  // admins

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

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

  // technicians

  // admins

  // orders

  // schedule

  // imports

  // exports

  // holidays

  // statistics

  // mail
};

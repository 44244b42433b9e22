/**
 * The events an application's webhook endpoint can subscribe to: their one home, read by the server (what it
 * records and sends), the console (the checkboxes) and the integrators' documentation page. No imports.
 */

export const WEBHOOK_EVENT_TYPES = [
  'order.created',
  'order.updated',
  'order.rescheduled',
  'order.reassigned',
  'order.deleted',
  'order.restored',
  'visit.status_changed',
  'visit.finished',
  'rating.created',
  'message.failed',
  'import.finished',
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The scope (as integrators spell it) an application needs to receive an event. */
export const WEBHOOK_EVENT_SCOPES: Record<WebhookEventType, 'orders:read' | 'visits:read'> = {
  'order.created': 'orders:read',
  'order.updated': 'orders:read',
  'order.rescheduled': 'orders:read',
  'order.reassigned': 'orders:read',
  'order.deleted': 'orders:read',
  'order.restored': 'orders:read',
  'visit.status_changed': 'visits:read',
  'visit.finished': 'visits:read',
  'rating.created': 'visits:read',
  'message.failed': 'orders:read',
  'import.finished': 'orders:read',
};

/** What each event says, in the console's and the documentation's languages. */
export const WEBHOOK_EVENT_DESCRIPTIONS: Record<WebhookEventType, { nl: string; fr: string; en: string }> = {
  'order.created': {
    nl: 'Een order is aangemaakt (console, API of CSV-import).',
    fr: 'Une commande a été créée (console, API ou import CSV).',
    en: 'An order was created (console, API or CSV import).',
  },
  'order.updated': {
    nl: 'Gegevens van een order zijn gewijzigd (adres, import, belstatus, antwoord van de klant, bezoekverslag).',
    fr: 'Les données d’une commande ont changé (adresse, import, appel, réponse du client, rapport de visite).',
    en: "An order's data changed (address, import, call, the customer's reply, visit record).",
  },
  'order.rescheduled': {
    nl: 'Het bezoek is verzet naar een andere dag of ander tijdvak (ook door de klant zelf).',
    fr: 'La visite a été déplacée à un autre jour ou créneau (aussi par le client lui-même).',
    en: 'The visit moved to another day or window (by the office or the customer).',
  },
  'order.reassigned': {
    nl: 'De order heeft een andere monteur gekregen.',
    fr: 'La commande a été confiée à un autre technicien.',
    en: 'The order was given another technician.',
  },
  'order.deleted': {
    nl: 'De order is verwijderd.',
    fr: 'La commande a été supprimée.',
    en: 'The order was deleted.',
  },
  'order.restored': {
    nl: 'De verwijderde order is hersteld.',
    fr: 'La commande supprimée a été rétablie.',
    en: 'The deleted order was restored.',
  },
  'visit.status_changed': {
    nl: 'De monteur gaf een nieuwe bezoekstatus door (onderweg, aangekomen, klaar, of een stap terug).',
    fr: 'Le technicien a indiqué un nouveau statut de visite (en route, arrivé, terminé, ou un pas en arrière).',
    en: 'The technician set a new visit status (on the way, arrived, finished, or a step back).',
  },
  'visit.finished': {
    nl: 'Het bezoek is afgerond, met de uitkomst.',
    fr: 'La visite est terminée, avec son résultat.',
    en: 'The visit finished, with its outcome.',
  },
  'rating.created': {
    nl: 'De klant heeft het bezoek beoordeeld (of de beoordeling gewijzigd).',
    fr: 'Le client a évalué la visite (ou modifié son évaluation).',
    en: 'The customer rated the visit (or changed the rating).',
  },
  'message.failed': {
    nl: 'Een bericht aan de klant (mail of sms) kon niet worden bezorgd.',
    fr: 'Un message au client (e-mail ou SMS) n’a pas pu être remis.',
    en: 'A message to the customer (mail or SMS) could not be delivered.',
  },
  'import.finished': {
    nl: 'Een CSV-import is klaar, met het aantal nieuwe en gewijzigde orders.',
    fr: 'Un import CSV est terminé, avec le nombre de commandes créées et modifiées.',
    en: 'A CSV import finished, with the numbers of orders created and changed.',
  },
};

export function isWebhookEventType(value: string): value is WebhookEventType {
  return (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value);
}

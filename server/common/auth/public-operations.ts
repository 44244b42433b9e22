/**
 * The only root fields anyone may call without a token. Building the schema fails when another
 * root field lacks `@RequireRole`, so a forgotten guard cannot ship.
 */
export const PUBLIC_OPERATIONS: ReadonlySet<string> = new Set([
  // system
  'serverInfo',
  // consumers: the address lookup is the one door open to anyone (rate-limited, see ConsumerService)
  'lookUpVisits',
  // consumer links: the personal link of a message (signed, rate-limited) and its unsubscribe button
  'openPersonalLink',
  'unsubscribeByPersonalLink',
  // ratings: the rating link of a thank-you (signed, rate-limited); it rates its one visit and opens nothing else
  'ratingLink',
  'rateVisitByLink',
  // accounts (sign-in, password reset)
  'signInTechnician',
  'signInAdmin',
  'requestTechnicianPasswordReset',
  'requestAdminPasswordReset',
  'resetTechnicianPassword',
  'resetAdminPassword',
]);

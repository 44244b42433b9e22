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
  // passkeys: a sign-in with one alone (its challenges counted per client)
  'passkeySignInOptions',
  'signInAdminWithPasskey',
  'signInTechnicianWithPasskey',
  // accounts (sign-in, password reset)
  'signInTechnician',
  'signInAdmin',
  'requestTechnicianPasswordReset',
  'requestAdminPasswordReset',
  'resetTechnicianPassword',
  'resetAdminPassword',
]);

/**
 * The only object types whose fields anyone may read without a rule: the answers of the public operations above.
 * Building the schema fails when a field of any other type has neither its own `@RequireRole` nor its class's
 * `@RequireRoleForAll`, so a type cannot be opened by forgetting its rule.
 */
export const PUBLIC_TYPES: ReadonlySet<string> = new Set([
  // system
  'ServerInfo',
  // consumers
  'LookUpVisitsPayload',
  // consumer links
  'PersonalLinkOpened',
  'PersonalLinkRefused',
  'EmailUnsubscribed',
  // ratings
  'RatingLinkVisit',
  'RatingLinkRefused',
  'LinkedRating',
  // passkeys
  'PasskeyOptionsPayload',
  // accounts
  'TechnicianSignInPayload',
  'AdminSignInPayload',
  'PasswordResetRequestPayload',
  'PasswordUpdatePayload',
]);

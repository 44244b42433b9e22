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
  // visit records: the work report behind a personal link (signed, rate-limited, reads only)
  'visitReportLink',
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
  // the two-step staff sign-in: the password, then a second factor proven with the challenge the first step gave
  'beginAdminSignIn',
  'beginTechnicianSignIn',
  'startTotpSetupAtSignIn',
  'verifySecondFactor',
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
  // visit records
  'LinkedVisitReport',
  'VisitReportRefused',
  'VisitReportPart',
  'VisitReportPhoto',
  // passkeys
  'PasskeyOptionsPayload',
  // accounts
  'TechnicianSignInPayload',
  'AdminSignInPayload',
  'PasswordResetRequestPayload',
  'PasswordUpdatePayload',
  'StaffSignInStep',
  'SecondFactorChallenge',
  'SecondFactorSignInPayload',
  'TotpSetup',
]);

/**
 * The import direction of the code, checked by `npm run lint`:
 *
 *   shared/  <-  server/common (+ config.ts, context.ts)  <-  domains  <-  legacy / app
 *   shared/  <-  client/ (components, i18n, lib)  <-  client areas (admin, technician, consumer)
 *
 * Domains (one folder each under server/) may import each other, but never in a cycle. server/legacy/ is the
 * adapter of the legacy forms (the REST shim, its table and mappers, the deprecated GraphQL fields): it sits
 * beside the app, above the domains.
 */
const FOUNDATION = '^server/(common/|config\\.ts$|context\\.ts$)';
const LEGACY = '^server/legacy/';
const TOP = '^server/((main|server|app|schema|request-context)\\.ts$|legacy/|system/|scripts/|db/)';
const DOMAIN = '^server/(?!common/|legacy/|system/|scripts/|db/)[^/]+/';
/**
 * A domain entered through its index.ts only: no other folder imports any other of its files. `comment` says what
 * the front door offers and what stays inside.
 */
const frontDoor = (domain, possessive, comment) => ({
  name: `${domain}-through-${possessive}-front-door`,
  comment,
  severity: 'error',
  from: { path: '^server/', pathNot: `^server/${domain}/` },
  to: { path: `^server/${domain}/`, pathNot: `^server/${domain}/index\\.ts$` },
});
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'A module never imports itself back, however far round.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-cycles-between-domains',
      comment: 'Domain folders form a hierarchy: if orders imports audit, audit never imports orders.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^server/(?!common$|db$)[^/]+$' },
      to: { circular: true },
    },
    frontDoor(
      'orders',
      'their',
      'Other folders import the orders domain from server/orders/index.ts only: its types, its repository (an ' +
        'order to change is loaded by one method that locks it and refuses a missing or deleted one), its errors ' +
        'and SQL conditions. What it keeps inside (the deleted-orders switch, its services) stays inside.',
    ),
    frontDoor(
      'technicians',
      'their',
      'Other folders import the technicians domain from server/technicians/index.ts only.',
    ),
    frontDoor(
      'accounts',
      'their',
      'Other folders import the accounts domain from server/accounts/index.ts only: the authentication of a ' +
        "request, the staff session's rule as SQL (the technician's schedule checks it in its own statement) and " +
        'the reset links. How a session is read and a password checked stays inside.',
    ),
    frontDoor(
      'planner',
      'its',
      "Other folders import the planner domain from server/planner/index.ts only: the technician's schedule " +
        'answered without the GraphQL pipeline. Its statement and its service stay inside.',
    ),
    frontDoor(
      'schedule',
      'its',
      'Other folders import the schedule domain from server/schedule/index.ts only: the confirmation, the check ' +
        'of a confirmed schedule and the lock that other changes of an order respect.',
    ),
    frontDoor(
      'visit-estimates',
      'its',
      "Other folders import the narrow time from server/visit-estimates/index.ts only: a visit's place in its " +
        "technician's day and its narrow time, for one order or a country's day. The rule and its statement stay inside.",
    ),
    {
      name: 'shared-stands-alone',
      comment:
        'shared/ is loaded by the server and the browser: it imports nothing but itself, and the phone numbering ' +
        'plans (libphonenumber-js: plain data and functions, no Node or browser API).',
      severity: 'error',
      from: { path: '^shared/' },
      to: { pathNot: '^(shared/|node_modules/libphonenumber-js/)' },
    },
    {
      name: 'common-knows-no-domain',
      comment: 'The foundation serves every domain, so it imports none of them (nor rest or the app).',
      severity: 'error',
      from: { path: FOUNDATION },
      to: { path: '^server/', pathNot: FOUNDATION },
    },
    {
      name: 'domains-below-legacy-and-app',
      comment: 'Domains hold the rules; the legacy adapter and the app compose them, never the other way round.',
      severity: 'error',
      from: { path: DOMAIN },
      to: { path: TOP, pathNot: FOUNDATION },
    },
    {
      name: 'legacy-forms-stay-in-the-adapter',
      comment:
        'The legacy shapes (REST table, mappers, legacy values, their generated types, deprecated fields) live in ' +
        "server/legacy/ only: the domains and the foundation speak the schema's own types and never import it.",
      severity: 'error',
      from: { pathNot: '^server/(legacy/|(main|app|schema)\\.ts$|system/)' },
      to: { path: LEGACY },
    },
    {
      name: 'client-and-server-apart',
      comment: 'The client and the server share code only through shared/.',
      severity: 'error',
      from: { path: '^client/' },
      to: { path: '^server/' },
    },
    {
      name: 'client-areas-apart',
      comment:
        'Each area of the client (admin, technician, consumer) is its own bundle for its own users: what two ' +
        'areas need lives in client/src/components, lib or i18n, or in shared/ when the server needs it too.',
      severity: 'error',
      from: { path: '^client/src/(admin|technician|consumer)/' },
      to: { path: '^client/src/(admin|technician|consumer)/', pathNot: '^client/src/$1/' },
    },
    {
      name: 'server-and-client-apart',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^client/' },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/|^client/src/(consumer/)?gql/' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
};

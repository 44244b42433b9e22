import { ApiScope, SCOPE_DESCRIPTIONS, SCOPE_NAMES } from '../common/auth/scope.js';
import { GRAPHQL_LIMITS } from '../common/graphql-limits.js';
import {
  DEFAULT_COST_BUDGET,
  DEFAULT_OVERLAP_HOURS,
  DEFAULT_REQUEST_BUDGET,
  MAX_OVERLAP_HOURS,
} from '../api-clients/index.js';
import { WEBHOOK_EVENT_DESCRIPTIONS, WEBHOOK_EVENT_SCOPES, WEBHOOK_EVENT_TYPES } from '../../shared/webhook-events.js';

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
const code = (text: string) => `<code>${escapeHtml(text)}</code>`;
const pre = (text: string) => `<pre>${escapeHtml(text.trim())}</pre>`;
const number = (value: number) => value.toLocaleString('en-GB');

const scopeRows = () =>
  Object.values(ApiScope)
    .map((scope) => {
      const [, what] = SCOPE_DESCRIPTIONS[scope].split(' — ');
      return `<tr><td>${code(SCOPE_NAMES[scope])}</td><td>${escapeHtml(what ?? SCOPE_DESCRIPTIONS[scope])}</td></tr>`;
    })
    .join('\n');

const eventRows = () =>
  WEBHOOK_EVENT_TYPES.map(
    (type) =>
      `<tr><td>${code(type)}</td><td>${escapeHtml(WEBHOOK_EVENT_DESCRIPTIONS[type].en)}</td>` +
      `<td>${code(WEBHOOK_EVENT_SCOPES[type])}</td></tr>`,
  ).join('\n');

const ORDER_EVENT = `
{
  "type": "order.rescheduled",
  "timestamp": "2026-12-01T09:14:03.120Z",
  "data": {
    "orderId": 4711,
    "referenceNumber": "A-2026-0042",
    "country": "NL",
    "change": "RESCHEDULED",
    "actor": "APPLICATION",
    "before": { "appointment": "2026-12-02T07:00:00.000Z" },
    "after": { "appointment": "2026-12-03T12:00:00.000Z" }
  }
}`;

const MESSAGE_EVENT = `
{
  "type": "message.failed",
  "timestamp": "2026-12-01T11:30:00.000Z",
  "data": {
    "orderId": 4711, "referenceNumber": "A-2026-0042", "country": "NL",
    "messageId": 912, "kind": "WINDOW", "channel": "EMAIL", "failureCode": "SMTP_RECIPIENT_REFUSED"
  }
}`;

const IMPORT_EVENT = `
{
  "type": "import.finished",
  "timestamp": "2026-12-01T06:02:41.000Z",
  "data": {
    "importId": "5b0c6a0e-1f7c-4d8e-9a51-3f0e2d9c7b11", "country": "BE", "fileName": "orders.csv",
    "status": "SUCCEEDED", "created": 120, "updated": 8, "unchanged": 3, "errorCount": 0
  }
}`;

const VERIFY_EXAMPLE = `
import express from 'express';
import { Webhook } from 'standardwebhooks';

// The endpoint's secret as the console showed it once: "whsec_…".
const webhook = new Webhook(process.env.TIJDVAK_WEBHOOK_SECRET ?? '');
const handled = new Set<string>(); // use your database: webhook-id is the same on every retry

interface TijdvakEvent {
  type: string;
  timestamp: string;
  data: Record<string, unknown>;
}

const app = express();
// The signature covers the exact bytes: read the body raw, parse it only after verifying.
app.post('/tijdvak/webhooks', express.raw({ type: 'application/json' }), (req, res) => {
  let event: TijdvakEvent;
  try {
    event = webhook.verify(req.body as Buffer, {
      'webhook-id': req.get('webhook-id') ?? '',
      'webhook-timestamp': req.get('webhook-timestamp') ?? '',
      'webhook-signature': req.get('webhook-signature') ?? '',
    }) as TijdvakEvent;
  } catch {
    res.status(400).end(); // not signed with our secret, or older than five minutes
    return;
  }
  const id = req.get('webhook-id') ?? '';
  if (!handled.has(id)) {
    handled.add(id);
    console.log(event.type, event.data.referenceNumber);
  }
  res.status(204).end(); // any 2xx within the timeout counts as delivered
});

app.listen(8080);`;

const CALL_EXAMPLE = `
curl https://afspraak.nl.example/graphql \\
  -H 'Authorization: Bearer tvk_1a2b3c4d_…' \\
  -H 'Content-Type: application/json' \\
  -H 'Idempotency-Key: 0f8c3f4e-6c0b-4d5e-9a1f-2b7e8d9c0a11' \\
  -d '{"query":"mutation ($input: CreateOrderInput!) { createOrder(input: $input) { id referenceNumber } }",
       "variables":{"input":{ … }}}'`;

const LIMIT_HEADERS = `
HTTP/1.1 200 OK
RateLimit-Policy: "requests";q=${DEFAULT_REQUEST_BUDGET};w=60, "cost";q=${DEFAULT_COST_BUDGET};w=60
RateLimit: "requests";r=${DEFAULT_REQUEST_BUDGET - 3};t=42, "cost";r=${DEFAULT_COST_BUDGET - 15};t=42

{ "data": { … }, "extensions": { "cost": 5 } }`;

const ERROR_BODY = `
{
  "errors": [{
    "message": "Deze applicatie mag geen gegevens van België lezen.",
    "extensions": { "code": "FORBIDDEN" }
  }],
  "data": null
}`;

/**
 * /api-docs/integrators: how an integrator's application connects (its key and scopes, the webhook events and their
 * signatures, the limits it can read, idempotent writes, errors). Built from the same lists the server enforces
 * (scopes, events, budgets), so it cannot drift from them. English, like /api-docs.
 */
export function integratorDocsPage(): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Tijdvak API for integrators</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="stylesheet" href="/api-docs/style.css"></head>
<body><header><p><a href="/api-docs">Tijdvak API</a></p><h1>Connecting an application</h1></header>
<main>
<p>An application (a planning system, an ERP, a dashboard) connects with a key of its own, never with a staff
member's password. It calls the same GraphQL endpoint (${code('/graphql')}) and legacy REST calls as everyone
(<a href="/api-docs">the operations and the schema</a>), under the same rules, narrowed to what its key allows. Its
changes are recorded in each order's history under the application's name.</p>
<nav aria-label="On this page"><ul>
<li><a href="#authenticate">Authenticate with a key</a></li>
<li><a href="#scopes">Scopes and countries</a></li>
<li><a href="#webhooks">Webhook events</a></li>
<li><a href="#signatures">Verifying a signature</a></li>
<li><a href="#limits">Limits</a></li>
<li><a href="#idempotency">Idempotent writes</a></li>
<li><a href="#errors">Errors</a></li>
</ul></nav>

<h2 id="authenticate">Authenticate with a key</h2>
<p>An admin creates the application in the console (<em>Applicaties (API)</em> / <em>Applications (API)</em>),
choosing its scopes and countries, and copies its key, which is shown once: ${code('tvk_<prefix>_<secret>')}. Only
a hash is stored; the console lists the prefix and when the key was last used. Send it on every call:</p>
${pre('Authorization: Bearer tvk_1a2b3c4d_…')}
<p>Rotating gives a new key while the current one stays valid for an overlap (${DEFAULT_OVERLAP_HOURS} hours unless
the admin chooses 0 to ${MAX_OVERLAP_HOURS}), so you can switch without downtime. A revoked application's keys are
refused at once with ${code('UNAUTHENTICATED')} (HTTP 401 on the legacy calls). Calls without cookies need no
anti-forgery header. Admins can try operations in the console's <em>API-verkenner</em> / <em>Explorateur d'API</em>;
its headers editor takes an ${code('Authorization')} header, to see what a key may do.</p>

<h2 id="scopes">Scopes and countries</h2>
<p>A key reaches a root field only when the field's ${code('@scope(requires: [...])')} in the
<a href="/api-docs/schema.graphql">schema</a> names one of its scopes; a field without ${code('@scope')} is closed
to keys. A refusal is the same ${code('FORBIDDEN')} a missing role gets (a nested field is refused on its own; the
rest of the answer stands).</p>
<table><thead><tr><th scope="col">Scope</th><th scope="col">Opens</th></tr></thead><tbody>
${scopeRows()}
</tbody></table>
<p>An application is given one country or both (${code('NL')}, ${code('BE')}). It reads and writes the orders,
visits, imports and figures of those countries only: another country's order is not found
(${code('ORDER_NOT_FOUND')}), lists and figures leave it out, and asking for it by name
(${code('orders(filter: { country: BE })')}, ${code('visitBoard(country: BE)')}) is refused with
${code('FORBIDDEN')}. Creating or importing an order for another country is refused with
${code('API_CLIENT_COUNTRY_NOT_ALLOWED')}.</p>

<h2 id="webhooks">Webhook events</h2>
<p>An admin subscribes an endpoint (an ${code('https')} URL on a public address) of the application to events.
Every path that changes an order fires them (the console, GraphQL, legacy REST, CSV imports, the customer's own
move, the technician's phone), once per change, in order per order. An application receives an event only when it
holds its scope and the event's country.</p>
<table><thead><tr><th scope="col">Event</th><th scope="col">When</th><th scope="col">Scope</th></tr></thead><tbody>
${eventRows()}
</tbody></table>
<p>Each delivery is a ${code('POST')} with a JSON body ${code('{ type, timestamp, data }')} and the
<a href="https://www.standardwebhooks.com/">Standard Webhooks</a> headers ${code('webhook-id')} (the same on every
retry of one event), ${code('webhook-timestamp')} (seconds) and ${code('webhook-signature')}. An event of an order
names the order, the change as its history records it, who made it (${code('actor')}: an admin, an application,
the customer, a technician, an import or the system) and the fields before and after:</p>
${pre(ORDER_EVENT)}
${pre(MESSAGE_EVENT)}
${pre(IMPORT_EVENT)}
<p>Answer with any 2xx status within a few seconds; do the work afterwards. Anything else (or no answer) is retried
with growing waits for a day, then the delivery is marked failed; an endpoint that fails for a whole day is turned
off and the admins are told. The console shows each delivery and can send one again. Handle a ${code('webhook-id')}
once: a retry after a lost answer brings it again.</p>

<h2 id="signatures">Verifying a signature</h2>
<p>The signature is an HMAC-SHA256 of ${code('<webhook-id>.<webhook-timestamp>.<body>')} with the endpoint's
secret (${code('whsec_…')}, shown once when the endpoint is made or its secret rotated). During a rotation both
secrets sign, separated by a space; either one verifies. With the ${code('standardwebhooks')} package
(TypeScript):</p>
${pre(VERIFY_EXAMPLE)}

<h2 id="limits">Limits</h2>
<p>Each application has two budgets per minute, shared by all its keys and all servers: requests
(${number(DEFAULT_REQUEST_BUDGET)} unless the admin sets 1 to 10 000) and the summed GraphQL cost of its operations
(${number(DEFAULT_COST_BUDGET)} unless set to 1 to 1 000 000). An operation's cost grows with its fields, their depth
and its lists (at most ${number(GRAPHQL_LIMITS.maxCost)} for one operation); measure yours by the cost each answer
states. Every answer to a key, refusals included, carries the IETF headers; a GraphQL answer states its cost in
${code('extensions.cost')}:</p>
${pre(LIMIT_HEADERS)}
<p>${code('r')} is what is left of this minute, ${code('t')} the seconds until it starts anew. A call that would
exceed a budget is not run and not counted: it gets ${code('429')} with ${code('Retry-After')} (seconds) and the code
${code('RATE_LIMITED')}. Wait that long; spreading calls over the minute avoids it.</p>

<h2 id="idempotency">Idempotent writes</h2>
<p>${code('createOrder')}, ${code('importOrders')}, ${code('reassignOrder')}, ${code('rescheduleOrder')},
${code('updateOrderAddress')}, ${code('deleteOrder')} and ${code('restoreOrder')} (and their legacy calls) take an
${code('Idempotency-Key')} header: 1 to 255 visible characters, a new UUID per intended change. Repeating the request
with the same key (after a timeout, say) answers the first result with ${code('Idempotent-Replayed: true')} and
changes nothing. The same key with another body is refused (422, ${code('IDEMPOTENCY_KEY_REUSED')}); while the first
request still runs, a repeat gets 409 (${code('IDEMPOTENCY_KEY_IN_USE')}). A failed write keeps nothing, so it can be
sent again with its key. Keys are kept for a day.</p>
${pre(CALL_EXAMPLE)}

<h2 id="errors">Errors</h2>
<p>GraphQL errors carry a stable ${code('extensions.code')} and a message in the caller's language
(${code('Accept-Language: nl')} or ${code('fr')}); ${code('extensions.fields')} lists the fields of invalid input.
Program against the code, never the message: ${code('UNAUTHENTICATED')} (no key, or an unknown, rotated-out or
revoked one), ${code('FORBIDDEN')} (a scope or country the key lacks), ${code('BAD_USER_INPUT')},
${code('ORDER_NOT_FOUND')} and the other codes the schema's operations name. GraphQL answers them with status 200,
but for ${code('RATE_LIMITED')} (429), ${code('IDEMPOTENCY_KEY_REUSED')} (422) and ${code('IDEMPOTENCY_KEY_IN_USE')}
(409). Legacy calls answer ${code('{"message": "CODE"}')} with the matching HTTP status (401, 403, 404, 409, 422,
429 …).</p>
${pre(ERROR_BODY)}
</main></body></html>`;
}

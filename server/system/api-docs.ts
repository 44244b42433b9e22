import { Router } from 'express';
import type { GraphQLSchema } from 'graphql';
import { dedent, type RestRoute } from '../legacy/rest/rest-route.js';
import { printAppSchema } from '../schema.js';
import { integratorDocsPage } from './integrator-docs.js';

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const STYLE = `
body { font: 15px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 960px; padding: 1rem 1.5rem 4rem; color: #1d2330; }
h1 { margin-bottom: 0; } code, pre { font-family: ui-monospace, monospace; font-size: 13px; }
pre { background: #f3f5f8; padding: .75rem; overflow-x: auto; border-radius: 6px; }
table { border-collapse: collapse; width: 100%; } td, th { text-align: left; vertical-align: top; padding: .5rem; border-top: 1px solid #dde2ea; }
.method { font-weight: 700; text-transform: uppercase; } .note { font-size: 13px; color: #5b6577; margin: .4rem 0 0; }
`;

/** What a row takes or gives besides form fields and JSON: a file in, a file out. */
function notes(route: RestRoute): string {
  const lines: string[] = [];
  if (route.upload) {
    const fields = route.upload.fields.map((field) => `<code>${escapeHtml(field)}</code>`).join(' or ');
    const raw = route.upload.rawMediaTypes.map((type) => `<code>${escapeHtml(type)}</code>`).join(', ');
    lines.push(`Takes a file: multipart field ${fields}${raw ? `, or the raw body as ${raw}` : ''}.`);
  }
  if (route.file) lines.push('Answers with a file (streamed; its name in <code>Content-Disposition</code>).');
  return lines.map((line) => `<p class="note">${line}</p>`).join('');
}

function page(routes: readonly RestRoute[]): string {
  const rows = routes
    .map(
      (
        route,
      ) => `<tr><td class="method">${route.method}</td><td><code>${escapeHtml(route.path)}</code>${notes(route)}</td>
<td><pre>${escapeHtml(dedent(route.operation))}</pre></td></tr>`,
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Tijdvak API</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="stylesheet" href="/api-docs/style.css"></head>
<body><h1>Tijdvak API</h1>
<p>One schema serves everyone. Integrators post GraphQL to <code>/graphql</code>
(<a href="/api-docs/schema.graphql">schema with descriptions and <code>@auth</code> rules</a>);
legacy callers use the <code>/api/...</code> calls below, each answered by the GraphQL operation shown.</p>
<p><strong><a href="/api-docs/integrators">Connecting an application</a></strong>: keys with scopes, webhook events
and their signatures, limits, idempotent writes and errors.</p>
<h2>Authentication</h2>
<p>Send <code>Authorization: Bearer &lt;token&gt;</code>. Tokens come from the sign-in operations (admin, technician)
or the consumer lookup; an application sends its own key. <code>@auth(requires: [...])</code> in the schema names the roles that may use a field.</p>
<h2>Errors</h2>
<p>GraphQL errors carry a stable <code>extensions.code</code> and a message in the caller's language
(<code>Accept-Language: nl</code> or <code>fr</code>). Legacy calls answer <code>{"message": "CODE"}</code>
with 400, 401, 403, 404, 409, 429 or 500.</p>
<h2>Anti-forgery</h2>
<p>Browsers receive an <code>XSRF-TOKEN</code> cookie and must echo it in <code>X-XSRF-TOKEN</code> on POST, PUT and
DELETE. Server-side callers that send no cookies need no header.</p>
<h2>Legacy REST calls</h2>
<table><thead><tr><th>Method</th><th>Path</th><th>GraphQL operation</th></tr></thead><tbody>
${rows}
</tbody></table></body></html>`;
}

/** /api-docs: the legacy calls with their GraphQL operations, and the schema; generated, so never stale. */
export function apiDocsRouter(routes: readonly RestRoute[], schema: GraphQLSchema): Router {
  const router = Router();
  const html = page(routes);
  // Printed at the first request, not at start: printing the sorted schema takes a tenth of a second.
  let sdl: string | undefined;
  router.get('/api-docs', (_req, res) => {
    res.type('html').send(html);
  });
  let integrators: string | undefined;
  router.get('/api-docs/integrators', (_req, res) => {
    integrators ??= integratorDocsPage();
    res.type('html').send(integrators);
  });
  router.get('/api-docs/style.css', (_req, res) => {
    res.type('css').send(STYLE);
  });
  router.get('/api-docs/schema.graphql', (_req, res) => {
    sdl ??= printAppSchema(schema);
    res.type('text/plain').send(sdl);
  });
  return router;
}

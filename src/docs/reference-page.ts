/**
 * `GET /docs`: the API reference, rendered in the browser by Redoc from `/v1/openapi.json`.
 *
 * Everything the page needs is served by this server: Redoc's standalone bundle comes from its npm
 * package, the fonts are the reader's own system fonts, and a Content-Security-Policy keeps the page
 * from loading anything from elsewhere, so the reference works with no network at all and tells no
 * third party who reads it.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';

const require = createRequire(import.meta.url);
const REDOC_VERSION = (require('redoc/package.json') as { version: string }).version;
const REDOC_BUNDLE_PATH = require.resolve('redoc/bundles/redoc.standalone.js');
/**
 * The one remote resource in Redoc's bundle: the logo beside "API docs by Redocly", fetched from a CDN.
 * It is served as an empty image instead (Redoc then leaves the logo out and keeps the credit line).
 */
const REDOC_REMOTE_LOGO = 'https://cdn.redoc.ly/redoc/logo-mini.svg';

/** Versioned, so a browser may keep it as long as it likes. */
const BUNDLE_URL = `/docs/assets/redoc-${REDOC_VERSION}.standalone.js`;
const INIT_URL = '/docs/assets/init.js';

const SYSTEM_FONTS = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
const MONOSPACE_FONTS = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace';

const REDOC_OPTIONS = {
  expandResponses: '200,201',
  jsonSampleExpandLevel: 3,
  sortTagsAlphabetically: false,
  theme: {
    rightPanel: { width: '36%' },
    typography: {
      fontFamily: SYSTEM_FONTS,
      fontSize: '15px',
      headings: { fontFamily: SYSTEM_FONTS, fontWeight: '600' },
      code: { fontFamily: MONOSPACE_FONTS },
    },
  },
};

/** Same-origin only. Redoc needs inline styles (styled-components), `eval` (its schema sampler) and a blob worker (search). */
const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self' 'unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Till API reference</title>
<link rel="icon" href="data:,">
<style>
body { margin: 0; font-family: ${SYSTEM_FONTS}; }
/* Codes and field names in the reference's tables stay whole instead of breaking mid-word. */
.redoc-markdown table code { white-space: nowrap; word-break: normal; }
</style>
</head>
<body>
<noscript><p style="padding: 1em">The reference needs JavaScript. The same content is in <a href="/v1/openapi.json">the OpenAPI document</a> and in <code>docs/api.md</code> of the source.</p></noscript>
<div id="reference"></div>
<script src="${BUNDLE_URL}"></script>
<script src="${INIT_URL}"></script>
</body>
</html>
`;

const INIT_SCRIPT = `Redoc.init('/v1/openapi.json', ${JSON.stringify(REDOC_OPTIONS)}, document.getElementById('reference'));\n`;

export async function referencePageRoutes(app: FastifyInstance): Promise<void> {
  // Read at its first request rather than at start (2 MB, and three times that in passing), and kept as bytes.
  let bundle: Promise<Buffer> | undefined;
  const readBundle = () =>
    (bundle ??= readFile(REDOC_BUNDLE_PATH, 'utf8').then(
      (text) => Buffer.from(text.replaceAll(REDOC_REMOTE_LOGO, 'data:,')),
      (error: unknown) => {
        bundle = undefined;
        throw error;
      },
    ));
  const route = { schema: { hide: true }, config: { public: true } } as const;

  app.get('/docs', route, async (_request, reply) => {
    reply.header('Content-Security-Policy', CONTENT_SECURITY_POLICY).header('Cache-Control', 'no-cache').type('text/html; charset=utf-8');
    return PAGE;
  });
  app.get(INIT_URL, route, async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache').type('text/javascript; charset=utf-8');
    return INIT_SCRIPT;
  });
  app.get(BUNDLE_URL, route, async (_request, reply) => {
    const body = await readBundle();
    reply.header('Cache-Control', 'public, max-age=31536000, immutable').type('text/javascript; charset=utf-8');
    return body;
  });
}

/**
 * `/dashboard`: the merchant dashboard, built by `npm run build` into `dist/dashboard/public/` and
 * served from there. Any `/dashboard/*` page address answers the same page (the dashboard routes in
 * the browser); `/dashboard/assets/*` are its script and style sheet. A strict Content-Security-Policy
 * lets the page load and call nothing but this server. `/dashboard/sw.js` is the service worker that
 * keeps the page and its assets for the register to open offline (its scope, `/dashboard`, is one
 * level above the script, hence `Service-Worker-Allowed`), beside the web app manifest and its icon.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, errorBody } from '../errors.js';

/** Two levels up from both `src/dashboard/` and `dist/dashboard/`: the package root. */
export const DASHBOARD_FILES = fileURLToPath(new URL('../../dist/dashboard/public/', import.meta.url));

const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "manifest-src 'self'",
  "worker-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const SECURITY_HEADERS = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
} as const;

const ASSET_TYPES: Record<string, string> = {
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  map: 'application/json; charset=utf-8',
};

const ASSET_NAME = /^[A-Za-z0-9-]+\.(js|css|js\.map|css\.map)$/;

/** The files of the installable app, at fixed addresses: fetched again whenever they may have changed. */
const APP_FILES: Record<string, { file: string; type: string; headers?: Record<string, string> }> = {
  '/dashboard/sw.js': { file: 'sw.js', type: 'text/javascript; charset=utf-8', headers: { 'service-worker-allowed': '/dashboard' } },
  '/dashboard/manifest.webmanifest': { file: 'manifest.webmanifest', type: 'application/manifest+json; charset=utf-8' },
  '/dashboard/icon.svg': { file: 'icon.svg', type: 'image/svg+xml' },
};

export async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  const hide = { hide: true } as const;
  const open = { public: true } as const;
  const page = async (_request: FastifyRequest, reply: FastifyReply) => {
    if (!existsSync(`${DASHBOARD_FILES}index.html`)) {
      reply.code(503).header('content-type', 'text/plain; charset=utf-8').header('cache-control', 'no-store');
      return 'The dashboard has not been built: run `npm run build`.\n';
    }
    // The page names the assets of the current build: always fetched again, so a new build shows at once.
    reply.headers({ ...SECURITY_HEADERS, 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
    return readFile(`${DASHBOARD_FILES}index.html`);
  };

  app.get('/dashboard', { schema: hide, config: open }, page);
  app.get('/dashboard/*', { schema: hide, config: open }, page);

  for (const [path, { file, type, headers }] of Object.entries(APP_FILES)) {
    app.get(path, { schema: hide, config: open }, async (request, reply) => {
      if (!existsSync(`${DASHBOARD_FILES}${file}`)) {
        const error = new ApiError('route_not_found', `The dashboard has not been built: no ${file}.`);
        return reply.code(404).header('cache-control', 'no-store').send(errorBody(error, request.id));
      }
      // A new build changes the worker (it names the build's assets): the browser checks it at each visit.
      reply.headers({ ...SECURITY_HEADERS, ...headers, 'content-type': type, 'cache-control': 'no-cache' });
      return readFile(`${DASHBOARD_FILES}${file}`);
    });
  }

  app.get<{ Params: { '*': string } }>('/dashboard/assets/*', { schema: hide, config: open }, async (request, reply) => {
    const name = request.params['*'];
    const file = `${DASHBOARD_FILES}${name}`;
    if (!ASSET_NAME.test(name) || !existsSync(file)) {
      const error = new ApiError('route_not_found', `No dashboard asset named "${name}".`);
      return reply.code(404).header('cache-control', 'no-store').send(errorBody(error, request.id));
    }
    const extension = name.split('.').pop()!;
    // Named by the hash of their content: a new build has new names, so these never change.
    reply.headers({ ...SECURITY_HEADERS, 'content-type': ASSET_TYPES[extension]!, 'cache-control': 'public, max-age=31536000, immutable' });
    return readFile(file);
  });
}

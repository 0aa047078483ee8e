/**
 * The answer to a request no route takes: 405 `method_not_allowed` with `Allow` when the path is an
 * operation's under another method (`DELETE /v1/products/prod_...`), 404 `route_not_found` otherwise.
 *
 * Fastify's router is asked for routes by their pattern only, so the patterns are gathered as routes
 * are added (`onRoute`) and matched here against the request's path.
 */
import type { FastifyInstance } from 'fastify';
import { ApiError, errorBody } from '../errors.js';

interface KnownRoute {
  pattern: RegExp;
  methods: Set<string>;
}

/**
 * Call before the routes are registered.
 *
 * @example
 *   answerUnknownRoutes(app);
 *   await app.register(productRoutes);
 */
export function answerUnknownRoutes(app: FastifyInstance): void {
  const routes = new Map<string, KnownRoute>();
  app.addHook('onRoute', (route) => {
    const known = routes.get(route.url) ?? { pattern: patternOf(route.url), methods: new Set<string>() };
    for (const method of [route.method].flat()) known.methods.add(method.toUpperCase());
    routes.set(route.url, known);
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    const allowed = new Set<string>();
    for (const { pattern, methods } of routes.values()) {
      if (pattern.test(path)) for (const method of methods) allowed.add(method);
    }
    if (allowed.size > 0 && !allowed.has(request.method)) {
      const allow = [...allowed].sort().join(', ');
      const error = new ApiError('method_not_allowed', `${request.method} is not allowed on ${path}; use ${allow}.`);
      return reply.code(405).header('Allow', allow).send(errorBody(error, request.id));
    }
    const error = new ApiError('route_not_found', `Unrecognized request URL (${request.method} ${path}).`);
    return reply.code(404).send(errorBody(error, request.id));
  });
}

/** `/v1/products/:id` as a regular expression over paths: a parameter is one segment, `*` the rest. */
function patternOf(url: string): RegExp {
  const source = url
    .split(/(:[A-Za-z0-9_]+|\*)/)
    .map((part) => (part === '*' ? '.*' : part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}/?$`);
}

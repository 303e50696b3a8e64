/**
 * The OpenAPI document (`/api/openapi.json`) and its reference page (`/api/docs`, Swagger
 * UI), made at the first request for either (restart time). @fastify/swagger's
 * OpenAPI module, `yaml` and Swagger UI's routes cost ~0.1 s of CPU at every start, which
 * no other answer needs. The app's routes are noted as they are registered; the first
 * docs request builds a separate Fastify instance holding @fastify/swagger, Swagger UI
 * and the same routes (method, URL, schema, config: all the document is made of) and
 * relays its answers, so the document and the pages are the ones the plugins make.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** What @fastify/swagger reads of a route. */
type NotedRoute = Pick<RouteOptions, 'method' | 'url' | 'schema' | 'config' | 'constraints'>;

const DOCS_PREFIX = '/api/docs';
const DOCUMENT = '/api/openapi.json';
/** Headers of the docs instance's answers passed on (the app's own hooks set security headers and compression). */
const RELAYED = ['content-type', 'cache-control', 'etag', 'last-modified', 'location'];

const isDocsRoute = (url: string) => url === DOCUMENT || url === DOCS_PREFIX || url.startsWith(`${DOCS_PREFIX}/`);

/** The instance that answers the docs routes, with `routes` replayed into it. */
async function docsInstance(publicUrl: string, routes: NotedRoute[]): Promise<FastifyInstance> {
  const [{ default: Fastify }, { default: swagger }, { default: swaggerUi }] = await Promise.all([
    import('fastify'),
    import('@fastify/swagger'),
    import('@fastify/swagger-ui'),
  ]);
  const docs = Fastify({ exposeHeadRoutes: false });
  // Nothing is validated or serialized here: the routes only describe themselves.
  docs.setValidatorCompiler(() => (value) => ({ value }));
  docs.setSerializerCompiler(() => (value) => JSON.stringify(value));
  await docs.register(swagger, {
    openapi: {
      info: { title: 'Plateful API', version: '1.0.0', description: 'The REST API of SPEC.md §7.' },
      servers: [{ url: publicUrl }],
    },
    transform: jsonSchemaTransform,
  });
  await docs.register(swaggerUi, { routePrefix: DOCS_PREFIX });
  docs.get(DOCUMENT, { schema: { hide: true } }, async () => docs.swagger());
  const unused = () => {
    throw new Error('a described route is never called');
  };
  for (const route of routes) docs.route({ ...route, handler: unused });
  await docs.ready();
  return docs;
}

/**
 * Registers `/api/openapi.json`, `/api/docs` and `/api/docs/*` on `app` and starts noting
 * the routes registered after this call (register it where @fastify/swagger was: before
 * the API's routes). `publicUrl` is the document's server.
 */
export function registerApiDocs(app: FastifyInstance, publicUrl: string): void {
  const routes: NotedRoute[] = [];
  app.addHook('onRoute', (route) => {
    // Fastify's automatic HEAD routes are left out of the document, as @fastify/swagger does.
    if (route.method === 'HEAD' || isDocsRoute(route.url)) return;
    routes.push({ method: route.method, url: route.url, schema: route.schema, config: route.config, constraints: route.constraints });
  });
  let docs: Promise<FastifyInstance> | undefined;
  const relay = async (req: FastifyRequest, reply: FastifyReply) => {
    docs ??= docsInstance(publicUrl, routes);
    const forward: Record<string, string> = {};
    for (const name of ['if-none-match', 'if-modified-since']) {
      const value = req.headers[name];
      if (typeof value === 'string') forward[name] = value;
    }
    const answer = await (await docs).inject({ method: 'GET', url: req.url, headers: forward });
    if (answer.statusCode === 404) return reply.callNotFound();
    for (const name of RELAYED) {
      const value = answer.headers[name];
      if (value !== undefined) reply.header(name, value);
    }
    reply.code(answer.statusCode);
    return answer.rawPayload.length > 0 ? reply.send(answer.rawPayload) : reply.send();
  };
  const hidden = { schema: { hide: true } };
  app.get(DOCUMENT, hidden, relay);
  app.get(DOCS_PREFIX, hidden, relay);
  app.get(`${DOCS_PREFIX}/*`, hidden, relay);
}

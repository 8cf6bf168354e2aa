import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

/** The browsable API reference; its assets are under `/docs/static/`, the document it reads at `/docs/json`. */
export const DOCS_PATH = '/docs';

/**
 * The page and its assets come from the service itself (Swagger UI's files in the npm package), so
 * nothing may load from elsewhere; `data:` images are the page's logo. "Try it out" calls the same origin.
 */
const DOCS_CSP = [
  "default-src 'self'",
  "img-src 'self' data:",
  // Swagger UI sets inline styles (React style attributes and injected style elements); scripts stay 'self'.
  "style-src 'self' 'unsafe-inline'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * `GET /docs`: Swagger UI over the service's OpenAPI document. Its routes are hidden from the document
 * itself; the request-duration metric labels its assets by the one pattern `/docs/static/*`.
 */
export async function registerApiDocs(app: FastifyInstance, title: string): Promise<void> {
  await app.register(swaggerUi, {
    routePrefix: DOCS_PATH,
    staticCSP: DOCS_CSP,
    theme: { title },
  });
}

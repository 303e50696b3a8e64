/**
 * Cross-Origin-Resource-Policy of public assets:
 * helmet answers `same-origin` everywhere, which makes browsers refuse our images
 * and other public files to pages of other origins (a client on another origin
 * shows broken images). Images, built assets and public files are marked
 * `cross-origin`; API answers and the HTML keep `same-origin` (CORS governs the API).
 */
import type { FastifyInstance } from 'fastify';

const PUBLIC = /^\/(?:images\/|api\/images\/|assets\/|favicon\.svg$|robots\.txt$)/;

/** Registers the `onSend` hook; call after helmet. */
export function registerPublicAssetPolicy(app: FastifyInstance): void {
  app.addHook('onSend', async (req, reply, payload) => {
    if (PUBLIC.test(req.url.split('?')[0]!)) reply.header('cross-origin-resource-policy', 'cross-origin');
    return payload;
  });
}

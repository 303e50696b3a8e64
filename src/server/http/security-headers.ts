/**
 * The security headers of every answer (helmet): a Content Security Policy that
 * allows scripts, styles, connections and forms from the app's own origin only (styles
 * also inline), images from anywhere (SPEC.md §2 Food Image URL) and the map tiles, no
 * framing and no plugins; HSTS and `upgrade-insecure-requests` only behind HTTPS.
 */
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.js';

/** Helmet's options for `config` (its map tile origin and public URL). */
export function helmetOptions(config: Pick<Config, 'map' | 'publicUrl'>): HelmetOptions {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Donors link food photos from anywhere on the web (SPEC.md §2 Food Image URL).
        // The map tile origin is named too, so it stays allowed if photos are narrowed.
        imgSrc: ["'self'", 'data:', 'https:', 'http:', config.map.tileOrigin],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: config.publicUrl.startsWith('https://') ? [] : null,
      },
    },
    hsts: config.publicUrl.startsWith('https://'),
    crossOriginEmbedderPolicy: false,
  };
}

/**
 * Registers the `onRequest` hook that sets the security headers on every answer. The
 * middleware is made once here (@fastify/helmet made it again for every request,
 * parsing the policy each time: a few per cent of a list's CPU).
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Pick<Config, 'map' | 'publicUrl'>): void {
  const setHeaders = helmet(helmetOptions(config));
  app.addHook('onRequest', (req, reply, done) => {
    setHeaders(req.raw, reply.raw, (err?: unknown) => done(err as Error | undefined));
  });
}

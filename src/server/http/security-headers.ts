/**
 * The security headers of every answer (@fastify/helmet): a Content Security Policy that
 * allows scripts, styles, connections and forms from the app's own origin only (styles
 * also inline), images from anywhere (SPEC.md §2 Food Image URL) and the map tiles, no
 * framing and no plugins; HSTS and `upgrade-insecure-requests` only behind HTTPS.
 */
import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { Config } from '../config.js';

/** Helmet's options for `config` (its map tile origin and public URL). */
export function helmetOptions(config: Pick<Config, 'map' | 'publicUrl'>): FastifyHelmetOptions {
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

/**
 * `GET /api/auth-providers` → `{ google: boolean }`: tells the web client whether
 * to offer "Sign in with Google" (SPEC.md §2 /login), which works only when
 * GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set (DESIGN.md "How it starts").
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../config.js';

/** Answer of GET /api/auth-providers. */
export const AuthProviders = z.object({ google: z.boolean() });
export type AuthProviders = z.infer<typeof AuthProviders>;

/** Registers GET /api/auth-providers for `opts.config`. */
export async function authProviderRoutes(app: FastifyInstance, opts: { config: Config }) {
  const answer: AuthProviders = { google: Boolean(opts.config.google) };
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/auth-providers',
    { schema: { tags: ['session'], summary: 'Sign-in methods this server offers', response: { 200: AuthProviders } } },
    async () => answer,
  );
}

/**
 * English's compiled catalogs but those the entry loads itself (lib/i18n.ts: `core` bundled, and the home page's
 * `common` and `home`): one explicit import per part, so each is its own chunk; this table is a chunk of its own
 * too, loaded with the first of these catalogs a page asks for (the server preloads it with them).
 */
import type { Messages } from '@lingui/core';
import type { CatalogPart } from '../../../contract/locale-codes.js';

/** Part → its compiled catalog. */
export const CATALOGS: Record<Exclude<CatalogPart, 'core' | 'common' | 'home'>, () => Promise<{ messages: Messages }>> = {
  session: () => import('../../locales/en/session.json?lingui'),
  shared: () => import('../../locales/en/shared.json?lingui'),
  auth: () => import('../../locales/en/auth.json?lingui'),
  account: () => import('../../locales/en/account.json?lingui'),
  foods: () => import('../../locales/en/foods.json?lingui'),
  requests: () => import('../../locales/en/requests.json?lingui'),
  notifications: () => import('../../locales/en/notifications.json?lingui'),
  wanted: () => import('../../locales/en/wanted.json?lingui'),
  moderation: () => import('../../locales/en/moderation.json?lingui'),
};

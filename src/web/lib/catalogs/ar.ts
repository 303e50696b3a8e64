/**
 * The compiled catalogs of `ar` (lib/i18n.ts): one explicit import per part, so each is its own chunk;
 * this table is a chunk of its own too, loaded with the first catalog of its language only.
 */
import type { Messages } from '@lingui/core';
import type { CatalogPart } from '../../../contract/locale-codes.js';

/** Part → its compiled catalog. */
export const CATALOGS: Record<CatalogPart, () => Promise<{ messages: Messages }>> = {
  core: () => import('../../locales/ar/core.json?lingui'),
  common: () => import('../../locales/ar/common.json?lingui'),
  home: () => import('../../locales/ar/home.json?lingui'),
  session: () => import('../../locales/ar/session.json?lingui'),
  shared: () => import('../../locales/ar/shared.json?lingui'),
  auth: () => import('../../locales/ar/auth.json?lingui'),
  account: () => import('../../locales/ar/account.json?lingui'),
  foods: () => import('../../locales/ar/foods.json?lingui'),
  requests: () => import('../../locales/ar/requests.json?lingui'),
  notifications: () => import('../../locales/ar/notifications.json?lingui'),
  wanted: () => import('../../locales/ar/wanted.json?lingui'),
  moderation: () => import('../../locales/ar/moderation.json?lingui'),
};

/**
 * The compiled catalogs of `es` (lib/i18n.ts): one explicit import per part, so each is its own chunk;
 * this table is a chunk of its own too, loaded with the first catalog of its language only.
 */
import type { Messages } from '@lingui/core';
import type { CatalogPart } from '../../../contract/locale-codes.js';

/** Part → its compiled catalog. */
export const CATALOGS: Record<CatalogPart, () => Promise<{ messages: Messages }>> = {
  core: () => import('../../locales/es/core.json?lingui'),
  common: () => import('../../locales/es/common.json?lingui'),
  home: () => import('../../locales/es/home.json?lingui'),
  session: () => import('../../locales/es/session.json?lingui'),
  shared: () => import('../../locales/es/shared.json?lingui'),
  auth: () => import('../../locales/es/auth.json?lingui'),
  account: () => import('../../locales/es/account.json?lingui'),
  foods: () => import('../../locales/es/foods.json?lingui'),
  requests: () => import('../../locales/es/requests.json?lingui'),
  notifications: () => import('../../locales/es/notifications.json?lingui'),
  wanted: () => import('../../locales/es/wanted.json?lingui'),
  moderation: () => import('../../locales/es/moderation.json?lingui'),
};

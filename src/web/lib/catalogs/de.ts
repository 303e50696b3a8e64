/**
 * The compiled catalogs of `de` (lib/i18n.ts): one explicit import per part, so each is its own chunk;
 * this table is a chunk of its own too, loaded with the first catalog of its language only.
 */
import type { Messages } from '@lingui/core';
import type { CatalogPart } from '../../../contract/locale-codes.js';

/** Part → its compiled catalog. */
export const CATALOGS: Record<CatalogPart, () => Promise<{ messages: Messages }>> = {
  core: () => import('../../locales/de/core.json?lingui'),
  common: () => import('../../locales/de/common.json?lingui'),
  home: () => import('../../locales/de/home.json?lingui'),
  session: () => import('../../locales/de/session.json?lingui'),
  shared: () => import('../../locales/de/shared.json?lingui'),
  auth: () => import('../../locales/de/auth.json?lingui'),
  account: () => import('../../locales/de/account.json?lingui'),
  foods: () => import('../../locales/de/foods.json?lingui'),
  requests: () => import('../../locales/de/requests.json?lingui'),
  notifications: () => import('../../locales/de/notifications.json?lingui'),
  wanted: () => import('../../locales/de/wanted.json?lingui'),
  moderation: () => import('../../locales/de/moderation.json?lingui'),
};

/**
 * The compiled catalogs of `fr` (lib/i18n.ts): one explicit import per part, so each is its own chunk;
 * this table is a chunk of its own too, loaded with the first catalog of its language only.
 */
import type { Messages } from '@lingui/core';
import type { CatalogPart } from '../../../contract/locale-codes.js';

/** Part → its compiled catalog. */
export const CATALOGS: Record<CatalogPart, () => Promise<{ messages: Messages }>> = {
  core: () => import('../../locales/fr/core.json?lingui'),
  common: () => import('../../locales/fr/common.json?lingui'),
  home: () => import('../../locales/fr/home.json?lingui'),
  session: () => import('../../locales/fr/session.json?lingui'),
  shared: () => import('../../locales/fr/shared.json?lingui'),
  auth: () => import('../../locales/fr/auth.json?lingui'),
  account: () => import('../../locales/fr/account.json?lingui'),
  foods: () => import('../../locales/fr/foods.json?lingui'),
  requests: () => import('../../locales/fr/requests.json?lingui'),
  notifications: () => import('../../locales/fr/notifications.json?lingui'),
  wanted: () => import('../../locales/fr/wanted.json?lingui'),
  moderation: () => import('../../locales/fr/moderation.json?lingui'),
};

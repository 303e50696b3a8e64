/**
 * The compiled catalogs of the tests' pseudo-locale (lib/i18n.ts): one explicit import per part, so each is its own chunk;
 * this table is a chunk of its own too, loaded with the first catalog of its language only.
 */
import type { Messages } from '@lingui/core';
import type { CatalogPart } from '../../../contract/locale-codes.js';

/** Part → its compiled catalog. */
export const CATALOGS: Record<CatalogPart, () => Promise<{ messages: Messages }>> = {
  core: () => import('../../locales/pseudo/core.json?lingui'),
  common: () => import('../../locales/pseudo/common.json?lingui'),
  home: () => import('../../locales/pseudo/home.json?lingui'),
  session: () => import('../../locales/pseudo/session.json?lingui'),
  shared: () => import('../../locales/pseudo/shared.json?lingui'),
  auth: () => import('../../locales/pseudo/auth.json?lingui'),
  account: () => import('../../locales/pseudo/account.json?lingui'),
  foods: () => import('../../locales/pseudo/foods.json?lingui'),
  requests: () => import('../../locales/pseudo/requests.json?lingui'),
  notifications: () => import('../../locales/pseudo/notifications.json?lingui'),
  wanted: () => import('../../locales/pseudo/wanted.json?lingui'),
  moderation: () => import('../../locales/pseudo/moderation.json?lingui'),
};

/**
 * The compiled catalogs of every language but English (lib/i18n.ts loads English's itself): one explicit
 * import per locale and part, so each is its own chunk and a visitor downloads only their own language.
 * This table is a chunk of its own too, out of the entry an English page loads.
 */
import type { Messages } from '@lingui/core';
import type { CatalogPart, Locale } from '../../contract/locale-codes.js';

type Catalog = () => Promise<{ messages: Messages }>;

/** Locale (`pseudo`: the tests' pseudo-locale) → part → its compiled catalog. */
export const CATALOGS: Record<Exclude<Locale, 'en'> | 'pseudo', Record<CatalogPart, Catalog>> = {
  de: {
    core: () => import('../locales/de/core.json?lingui'),
    common: () => import('../locales/de/common.json?lingui'),
    home: () => import('../locales/de/home.json?lingui'),
    session: () => import('../locales/de/session.json?lingui'),
    pages: () => import('../locales/de/pages.json?lingui'),
    moderation: () => import('../locales/de/moderation.json?lingui'),
  },
  fr: {
    core: () => import('../locales/fr/core.json?lingui'),
    common: () => import('../locales/fr/common.json?lingui'),
    home: () => import('../locales/fr/home.json?lingui'),
    session: () => import('../locales/fr/session.json?lingui'),
    pages: () => import('../locales/fr/pages.json?lingui'),
    moderation: () => import('../locales/fr/moderation.json?lingui'),
  },
  es: {
    core: () => import('../locales/es/core.json?lingui'),
    common: () => import('../locales/es/common.json?lingui'),
    home: () => import('../locales/es/home.json?lingui'),
    session: () => import('../locales/es/session.json?lingui'),
    pages: () => import('../locales/es/pages.json?lingui'),
    moderation: () => import('../locales/es/moderation.json?lingui'),
  },
  ar: {
    core: () => import('../locales/ar/core.json?lingui'),
    common: () => import('../locales/ar/common.json?lingui'),
    home: () => import('../locales/ar/home.json?lingui'),
    session: () => import('../locales/ar/session.json?lingui'),
    pages: () => import('../locales/ar/pages.json?lingui'),
    moderation: () => import('../locales/ar/moderation.json?lingui'),
  },
  pseudo: {
    core: () => import('../locales/pseudo/core.json?lingui'),
    common: () => import('../locales/pseudo/common.json?lingui'),
    home: () => import('../locales/pseudo/home.json?lingui'),
    session: () => import('../locales/pseudo/session.json?lingui'),
    pages: () => import('../locales/pseudo/pages.json?lingui'),
    moderation: () => import('../locales/pseudo/moderation.json?lingui'),
  },
};

/**
 * The languages Plateful ships (docs/translating.md): their BCP 47 codes, names in
 * their own language and writing direction, and the bodies and answers of
 * `/api/locales` and `/api/account/language`.
 */
import { z } from 'zod';

export { LOCALES, SOURCE_LOCALE, LANG_COOKIE, LOCALE_INFO, isLocale, type Locale } from './locale-codes.js';
import { LOCALES } from './locale-codes.js';

/** `GET /api/locales`: one entry per shipped locale. */
export const LocaleEntry = z.object({
  Code: z.enum(LOCALES),
  Name: z.string(),
  Dir: z.enum(['ltr', 'rtl']),
});
export type LocaleEntry = z.infer<typeof LocaleEntry>;

/** `PUT /api/account/language` body; `GET /api/account/language` answer (`Chosen`: stored on the account, not negotiated). */
export const LanguageBody = z.strictObject({ Language: z.enum(LOCALES) });
export type LanguageBody = z.infer<typeof LanguageBody>;
export const LanguageAnswer = z.object({ Language: z.enum(LOCALES), Chosen: z.boolean() });
export type LanguageAnswer = z.infer<typeof LanguageAnswer>;

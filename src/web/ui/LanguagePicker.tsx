import { useId } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { LOCALE_INFO, LOCALES } from '../../contract/locale-codes.js';
import { toUiLocale } from '../lib/i18n.js';
import { chooseLocale } from '../lib/chooseLocale.js';

/**
 * The language picker (docs/translating.md): a `<select>` labelled "Language" listing each shipped
 * locale in its own language (with `lang` so screen readers say it right). Choosing switches the
 * page without a reload (`chooseLocale`); `signedIn` also stores the choice on the account.
 */
export function LanguagePicker({ signedIn, className = '' }: { signedIn: boolean; className?: string }) {
  const { i18n } = useLingui();
  const id = useId();
  return (
    <div className={`flex items-center gap-2 ${className}`}>
      <label htmlFor={id} className="text-sm">
        <Trans>Language</Trans>
      </label>
      <select
        id={id}
        className="input input-sm field-select w-auto"
        value={i18n.locale === 'pseudo' ? 'en' : i18n.locale}
        onChange={(e) => void chooseLocale(toUiLocale(e.target.value), signedIn)}
      >
        {LOCALES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LOCALE_INFO[code].name}
          </option>
        ))}
      </select>
    </div>
  );
}

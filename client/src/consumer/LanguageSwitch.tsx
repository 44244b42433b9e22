import { useState } from 'react';
import { useI18n } from '../i18n/i18n';
import { rememberLocale, type Language } from '../i18n/locale';
import { readToken } from '../lib/storage';
import { useConsumerMutation } from './consumer-graphql';
import { graphql } from './gql';

const ChooseConsumerLanguageMutation = graphql(`
  mutation ChooseConsumerLanguage($language: Language!) {
    chooseConsumerLanguage(language: $language)
  }
`);

const LANGUAGES: readonly Language[] = ['nl', 'fr'];

/**
 * Both languages, one tap away on every consumer page. A consumer holding a data token keeps the choice on its
 * orders, so later messages are in it (docs/rules.md, Consumer language); the page switches even when that cannot be
 * kept (an expired token), since the page's language is what the tap asked for.
 */
export function LanguageSwitch() {
  const { t, country, language } = useI18n();
  const [choose] = useConsumerMutation(ChooseConsumerLanguageMutation);
  const [busy, setBusy] = useState(false);

  const switchTo = async (wanted: Language) => {
    setBusy(true);
    if (readToken('consumer')) {
      await choose({ language: wanted === 'fr' ? 'FR' : 'NL' }).catch(() => undefined);
    }
    if (rememberLocale({ country, language: wanted }, window.sessionStorage)) {
      window.location.reload();
      return;
    }
    // Session storage off: the address carries the language instead.
    const url = new URL(window.location.href);
    url.searchParams.set('lang', wanted);
    window.location.replace(url);
  };

  return (
    <nav className="language-switch" aria-label={t('consumer.language.label')}>
      {LANGUAGES.map((code) => (
        <button
          key={code}
          type="button"
          lang={code}
          className="language-choice"
          aria-pressed={code === language}
          disabled={busy}
          onClick={code === language ? undefined : () => void switchTo(code)}
        >
          {t(`consumer.language.${code}`)}
        </button>
      ))}
    </nav>
  );
}

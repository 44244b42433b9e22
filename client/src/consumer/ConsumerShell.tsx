import { formatClock } from '../../../shared/clock-time.js';
import { WINDOW_SHOWN_AT } from '../../../shared/hours.js';
import { useRef, type ReactNode } from 'react';
import { useI18n } from '../i18n/i18n';
import { useFocusAfterNavigation } from '../lib/useFocusAfterNavigation';
import { LanguageSwitch } from './LanguageSwitch';

/** Title, the intro about 13:30 and the 30-minute call, the page, and a footer. */
export function ConsumerShell({ children }: { children: ReactNode }) {
  const { t, language } = useI18n();
  const main = useRef<HTMLElement>(null);
  useFocusAfterNavigation(main);
  return (
    <div className="consumer-shell">
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      <header className="consumer-header">
        <LanguageSwitch />
        <div className="brand-mark" aria-hidden="true" />
        <h1 className="consumer-title">{t('consumer.title')}</h1>
        <p className="consumer-intro">{t('consumer.intro', { time: formatClock(WINDOW_SHOWN_AT, language) })}</p>
      </header>
      <main id="main" className="consumer-main" ref={main} tabIndex={-1}>
        {children}
      </main>
      <footer className="consumer-footer">
        <p>{t('consumer.footer')}</p>
      </footer>
    </div>
  );
}

import { useRef, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useI18n } from '../i18n/i18n';
import { useFocusAfterNavigation } from '../lib/useFocusAfterNavigation';
import { LanguageSwitch } from './LanguageSwitch';

/** Title, the page, and a footer. The lookup's instructions are the lookup page's: every other page starts with the visit. */
export function ConsumerShell({ children }: { children: ReactNode }) {
  const { t } = useI18n();
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
      </header>
      <main id="main" className="consumer-main" ref={main} tabIndex={-1}>
        {children}
      </main>
      <footer className="consumer-footer">
        <p>{t('consumer.footer')}</p>
        <p>
          <Link to={t('consumer.accessibility.path')}>{t('consumer.accessibility.title')}</Link>
        </p>
      </footer>
    </div>
  );
}

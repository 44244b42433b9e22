import type { ReactNode } from 'react';
import { useI18n } from '../i18n/i18n';

/** The technician area's frame: a header with the logo. */
export function TechnicianShell({ children }: { children: ReactNode }) {
  const { t } = useI18n();
  return (
    <div className="staff-shell">
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      <header className="staff-header">
        <div className="logo">
          <span className="brand-mark" aria-hidden="true" />
          <span className="logo-text">{t('technician.title')}</span>
        </div>
      </header>
      <main id="main" className="staff-main">
        {children}
      </main>
    </div>
  );
}

import { useRef, type ReactNode } from 'react';
import { useI18n } from '../i18n/i18n';
import { useFocusAfterNavigation } from '../lib/useFocusAfterNavigation';
import './staff.css';

/** The frame of the technician and admin areas: a header with the logo (and actions), then the page. */
export function StaffShell({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  const { t } = useI18n();
  const main = useRef<HTMLElement>(null);
  useFocusAfterNavigation(main);
  return (
    <div className="staff-shell">
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      <header className="staff-header">
        <div className="logo">
          <span className="brand-mark" aria-hidden="true" />
          <span className="logo-text">{title}</span>
        </div>
        {actions}
      </header>
      <main id="main" className="staff-main" ref={main} tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}

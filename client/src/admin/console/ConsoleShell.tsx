import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { LogoutButton } from '../../components/LogoutButton';
import { useI18n } from '../../i18n/i18n';
import { useFocusAfterNavigation } from '../../lib/useFocusAfterNavigation';
import { Spinner } from '../../components/Spinner';
import { consoleNavFor, currentNavItem, mayOpen } from './console-nav';
import { NotForRolePage } from './NotForRolePage';
import { useCurrentAdmin } from './office-role';

/**
 * The admin console's frame: a header with the brand, the signed-in admin and sign-out; a sidebar with every
 * place of the admin area, the current one marked; then the page. On a narrow screen the sidebar folds into a
 * "Menu" button that opens and closes it (a disclosure), and it closes again once a place is chosen. A page the
 * role may not use shows that instead (console-nav.ts: one rule for the menu and the address bar).
 */
export function ConsoleShell({ children }: { children: ReactNode }) {
  const { t } = useI18n();
  const { pathname } = useLocation();
  const main = useRef<HTMLElement>(null);
  const navId = useId();
  // The folded menu is open on the page where it was opened: choosing a place closes it, so the page it
  // opened is what the dispatcher sees.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === pathname;
  const admin = useCurrentAdmin();
  const nav = useRef<HTMLElement>(null);
  useFocusAfterNavigation(main);
  // A place chosen in the sidebar opens its page: the focus goes on to that page, as after any other link, rather
  // than staying in the sidebar (where, on a phone, the folded menu has just closed under it).
  useEffect(() => {
    if (nav.current?.contains(document.activeElement)) main.current?.focus({ preventScroll: true });
  }, [pathname]);
  const current = currentNavItem(pathname);
  // A page the menu hides from the role is not opened by its address either; until the role is known, such a page
  // waits rather than asking the server for what it may refuse.
  const page = mayOpen(admin?.role, pathname) ? children : admin ? <NotForRolePage /> : <Spinner />;

  return (
    <div className="staff-shell console-shell">
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      <header className="staff-header console-header">
        <div className="logo">
          <span className="brand-mark" aria-hidden="true" />
          <span className="logo-text">{t('admin.title')}</span>
        </div>
        <button
          type="button"
          className="button button-secondary console-menu-button"
          aria-expanded={menuOpen}
          aria-controls={navId}
          onClick={() => setOpenOn(menuOpen ? null : pathname)}
        >
          {t('admin.nav.menu')}
        </button>
        <div className="console-account">
          {admin && (
            <span className="console-admin-name">
              <span className="visually-hidden">{t('admin.nav.signedInAs')} </span>
              {admin.firstname} {admin.lastname}
            </span>
          )}
          <LogoutButton to="/admin/login" token="admin" />
        </div>
      </header>
      <div className="console-body">
        <nav
          ref={nav}
          id={navId}
          className={menuOpen ? 'console-nav is-open' : 'console-nav'}
          aria-label={t('admin.nav.label')}
          aria-busy={!admin}
        >
          <ul className="console-nav-groups">
            {/* The places appear once the role is known: a menu that grows under the reader's eyes (or keyboard)
                moves what they were about to press. */}
            {(admin ? consoleNavFor(admin.role) : []).map((group) => {
              const labelId = `${navId}-${group.label}`;
              // A group of one place named like it ("Bellijst") shows the link alone, not the name twice.
              const labelled = group.items.length > 1 || t(group.label) !== t(group.items[0].label);
              return (
                <li key={group.label} className="console-nav-group">
                  {labelled && (
                    <span className="console-nav-group-label" id={labelId}>
                      {t(group.label)}
                    </span>
                  )}
                  <ul aria-labelledby={labelled ? labelId : undefined}>
                    {group.items.map((item) => (
                      <li key={item.to}>
                        <Link
                          className="console-nav-link"
                          to={item.to}
                          aria-current={item === current ? 'page' : undefined}
                        >
                          {t(item.label)}
                        </Link>
                      </li>
                    ))}
                  </ul>
                </li>
              );
            })}
          </ul>
        </nav>
        <main id="main" className="staff-main console-main" ref={main} tabIndex={-1}>
          {page}
        </main>
      </div>
    </div>
  );
}

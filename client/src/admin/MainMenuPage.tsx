import { useQuery } from '@apollo/client/react';
import { Link } from 'react-router-dom';
import { graphql } from '../gql';
import { useI18n, type MessageKey } from '../i18n/i18n';
import { usePageTitle } from '../lib/usePageTitle';

/** The ten actions of the admin main menu in the legacy order, then the call list (new: the legacy portal had none). */
const ACTIONS: { to: string; label: MessageKey }[] = [
  { to: '/admin/technicians', label: 'admin.menu.technicians' },
  { to: '/admin/appointment/create', label: 'admin.menu.createOrder' },
  { to: '/admin/migrate', label: 'admin.menu.migrate' },
  { to: '/admin/orders', label: 'admin.menu.orders' },
  { to: '/admin/appointment/manage', label: 'admin.menu.manageOrders' },
  { to: '/admin/settings', label: 'admin.menu.settings' },
  { to: '/admin/users', label: 'admin.menu.users' },
  { to: '/admin/export', label: 'admin.menu.export' },
  { to: '/admin/import', label: 'admin.menu.import' },
  { to: '/admin/statistics', label: 'admin.menu.statistics' },
  { to: '/admin/holiday', label: 'admin.menu.holiday' },
  { to: '/admin/call-list', label: 'admin.menu.callList' },
];

const CurrentAdminQuery = graphql(`
  query CurrentAdmin {
    currentAdmin {
      id
      firstname
    }
  }
`);

/** admin/main: the actions menu (docs/rules.md, Screens and routes). */
export function MainMenuPage() {
  const { t } = useI18n();
  usePageTitle(t('admin.menu.title'));
  const { data } = useQuery(CurrentAdminQuery);
  return (
    <section>
      <h1>{t('admin.menu.title')}</h1>
      {data && <p className="muted">{t('admin.menu.welcome', { name: data.currentAdmin.firstname })}</p>}
      <nav aria-label={t('admin.menu.title')}>
        <ul className="menu-grid">
          {ACTIONS.map((action) => (
            <li key={action.to}>
              <Link className="menu-tile" to={action.to}>
                {t(action.label)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </section>
  );
}

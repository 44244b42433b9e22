import type { MessageKey } from '../../i18n/i18n';

/** One place in the console's navigation: the link, and the paths that count as being there. */
export interface NavItem {
  to: string;
  label: MessageKey;
  /** Paths (and everything below them) that belong to this place; `to` itself always does. */
  covers?: readonly string[];
}

export interface NavGroup {
  label: MessageKey;
  items: readonly NavItem[];
}

/**
 * The admin console's navigation, grouped by the dispatcher's day: what happens today and tomorrow, the orders,
 * the customers to call, the technicians, the data, and the settings. Every screen of the legacy menu is here.
 */
export const CONSOLE_NAV: readonly NavGroup[] = [
  {
    label: 'admin.nav.today',
    items: [
      { to: '/admin/main', label: 'admin.overview.title' },
      { to: '/admin/board', label: 'admin.board.title' },
    ],
  },
  {
    label: 'admin.nav.orders',
    items: [
      { to: '/admin/orders', label: 'admin.menu.orders' },
      { to: '/admin/appointment/manage', label: 'admin.menu.manageOrders' },
      { to: '/admin/appointment/create', label: 'admin.menu.createOrder' },
      { to: '/admin/migrate', label: 'admin.menu.migrate' },
    ],
  },
  { label: 'admin.nav.callList', items: [{ to: '/admin/call-list', label: 'admin.menu.callList' }] },
  {
    label: 'admin.nav.technicians',
    items: [{ to: '/admin/technicians/index', label: 'admin.menu.technicians', covers: ['/admin/technicians'] }],
  },
  {
    label: 'admin.nav.data',
    items: [
      { to: '/admin/import', label: 'admin.menu.import' },
      { to: '/admin/export', label: 'admin.menu.export' },
      { to: '/admin/statistics', label: 'admin.menu.statistics' },
    ],
  },
  {
    label: 'admin.nav.settings',
    items: [
      { to: '/admin/settings', label: 'admin.menu.settings' },
      { to: '/admin/settings/messages', label: 'admin.messageSettings.title' },
      { to: '/admin/settings/self-move', label: 'admin.selfMove.title' },
      { to: '/admin/messages/failed', label: 'admin.failedMessages.title', covers: ['/admin/messages'] },
      { to: '/admin/holiday/index', label: 'admin.menu.holiday', covers: ['/admin/holiday'] },
      { to: '/admin/users/overview', label: 'admin.menu.users', covers: ['/admin/users'] },
      { to: '/admin/applications', label: 'admin.menu.applications' },
    ],
  },
];

const under = (pathname: string, path: string) => pathname === path || pathname.startsWith(`${path}/`);

/**
 * The item the current path belongs to: the one with the longest matching path, so the message settings
 * (/admin/settings/messages) are not also the system settings (/admin/settings).
 */
export function currentNavItem(pathname: string): NavItem | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  let best: { item: NavItem; length: number } | null = null;
  for (const group of CONSOLE_NAV) {
    for (const item of group.items) {
      for (const candidate of [item.to, ...(item.covers ?? [])]) {
        if (under(path, candidate) && (!best || candidate.length > best.length)) {
          best = { item, length: candidate.length };
        }
      }
    }
  }
  return best?.item ?? null;
}

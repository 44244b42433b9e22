import type { MessageKey } from '../../i18n/i18n';
import { officeMay, type OfficeRight, type OfficeRoleName } from '../../../../shared/staff.js';

/** One place in the console's navigation: the link, and the paths that count as being there. */
export interface NavItem {
  to: string;
  label: MessageKey;
  /** Paths (and everything below them) that belong to this place; `to` itself always does. */
  covers?: readonly string[];
  /** What the signed-in role needs to see the place (`read`, every office role, when not given). */
  needs?: OfficeRight;
  /** What opening the page needs when less than `needs`: the order page is every role's, read-only for a viewer. */
  opens?: OfficeRight;
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
      { to: '/admin/appointment/manage', label: 'admin.menu.manageOrders', needs: 'plan', opens: 'read' },
      { to: '/admin/appointment/create', label: 'admin.menu.createOrder', needs: 'plan' },
      { to: '/admin/migrate', label: 'admin.menu.migrate', needs: 'manage' },
    ],
  },
  { label: 'admin.nav.callList', items: [{ to: '/admin/call-list', label: 'admin.menu.callList', needs: 'plan' }] },
  {
    label: 'admin.nav.technicians',
    items: [
      {
        to: '/admin/technicians/index',
        label: 'admin.menu.technicians',
        covers: ['/admin/technicians'],
        needs: 'manage',
      },
    ],
  },
  {
    label: 'admin.nav.data',
    items: [
      { to: '/admin/import', label: 'admin.menu.import', needs: 'manage' },
      { to: '/admin/export', label: 'admin.menu.export', needs: 'manage' },
      { to: '/admin/statistics', label: 'admin.menu.statistics', needs: 'manage' },
      { to: '/admin/statistics/figures', label: 'admin.figures.title' },
      { to: '/admin/data-requests', label: 'admin.dataRequests.title', needs: 'manage' },
    ],
  },
  {
    label: 'admin.nav.settings',
    items: [
      { to: '/admin/settings', label: 'admin.menu.settings', needs: 'manage' },
      { to: '/admin/settings/messages', label: 'admin.messageSettings.title', needs: 'manage' },
      { to: '/admin/settings/self-move', label: 'admin.selfMove.title', needs: 'manage' },
      {
        to: '/admin/messages/failed',
        label: 'admin.failedMessages.title',
        covers: ['/admin/messages'],
        needs: 'plan',
      },
      { to: '/admin/holiday/index', label: 'admin.menu.holiday', covers: ['/admin/holiday'], needs: 'manage' },
      { to: '/admin/users/overview', label: 'admin.menu.users', covers: ['/admin/users'], needs: 'manage' },
      { to: '/admin/applications', label: 'admin.menu.applications', needs: 'manage' },
      { to: '/admin/explorer', label: 'admin.explorer.title', needs: 'manage' },
    ],
  },
  { label: 'admin.nav.account', items: [{ to: '/admin/devices', label: 'admin.menu.devices' }] },
];

/** The navigation a role sees: only the places it may use, and no group left empty. */
export function consoleNavFor(role: OfficeRoleName | undefined): NavGroup[] {
  return CONSOLE_NAV.map((group) => ({
    ...group,
    items: group.items.filter((item) => officeMay(role, item.needs ?? 'read')),
  })).filter((group) => group.items.length > 0);
}

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

/**
 * Whether a role may open the page of a path: the rule of its place in the menu, so a typed address never opens
 * what the menu hides. A path outside the menu is every role's. An unknown role (still loading) only reads.
 */
export function mayOpen(role: OfficeRoleName | undefined, pathname: string): boolean {
  const item = currentNavItem(pathname);
  return officeMay(role, item?.opens ?? item?.needs ?? 'read');
}

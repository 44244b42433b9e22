/**
 * Returning from an order to the list as it was. The order's link carries the list's address (its filters) in the
 * history entry's state, so "Terug" on the order page goes there and not to the menu; the list keeps its scroll
 * position per address for the tab (sessionStorage), so the dispatcher lands on the row they opened.
 */

export const ORDERS_LIST_PATH = '/admin/orders';

const SCROLL_KEY = 'tijdvak.ordersList.scroll';

/** What an order link from the list hands to the order page (React Router's `state`). */
export interface FromOrdersList {
  ordersList: string;
}

export const fromOrdersList = (search: string): FromOrdersList => ({
  ordersList: search === '' ? ORDERS_LIST_PATH : `${ORDERS_LIST_PATH}?${search.replace(/^\?/, '')}`,
});

/** The list to go back to, when the order page was opened from it; anything else in the state is ignored. */
export function ordersListOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('ordersList' in state)) return null;
  const { ordersList } = state;
  if (typeof ordersList !== 'string') return null;
  // Only the list itself: the state is ours, but a back link must never lead anywhere else.
  return ordersList === ORDERS_LIST_PATH || ordersList.startsWith(`${ORDERS_LIST_PATH}?`) ? ordersList : null;
}

interface SavedScroll {
  search: string;
  top: number;
}

/** Remembers where the list at `search` was scrolled to, when an order is opened from it. */
export function rememberListScroll(storage: Pick<Storage, 'setItem'>, search: string, top: number): void {
  try {
    storage.setItem(SCROLL_KEY, JSON.stringify({ search, top: Math.max(0, Math.round(top)) } satisfies SavedScroll));
  } catch {
    // Storage full or refused (private mode): the list then opens at the top, as before.
  }
}

/** The remembered position of the list at `search`, once: it is forgotten when read, and null for another list. */
export function takeListScroll(storage: Pick<Storage, 'getItem' | 'removeItem'>, search: string): number | null {
  try {
    const raw = storage.getItem(SCROLL_KEY);
    if (raw === null) return null;
    storage.removeItem(SCROLL_KEY);
    const saved = JSON.parse(raw) as Partial<SavedScroll>;
    return saved.search === search && typeof saved.top === 'number' && Number.isFinite(saved.top) ? saved.top : null;
  } catch {
    return null;
  }
}

/**
 * Scrolls the window to `top` as soon as the page is tall enough: the rest of the screen (header, counts, the
 * next-page button) may still be settling when the rows appear. Gives up after a second, or as soon as the user
 * scrolls, clicks or types. Returns the clean-up.
 */
export function restoreScroll(top: number, patienceMs = 1000): () => void {
  const deadline = performance.now() + patienceMs;
  let frame = 0;
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const type of USER_MOVES) window.removeEventListener(type, stop);
  };
  const attempt = () => {
    window.scrollTo(0, top);
    if (Math.abs(window.scrollY - top) < 2 || performance.now() > deadline) stop();
    else frame = requestAnimationFrame(attempt);
  };
  for (const type of USER_MOVES) window.addEventListener(type, stop, { passive: true });
  attempt();
  return stop;
}

const USER_MOVES = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;

const FILTERS_OPEN_KEY = 'tijdvak.ordersList.filtersOpen';

/** Whether the filter controls were unfolded the last time in this tab: back from an order, they still are. */
export function filtersWereOpen(storage: Pick<Storage, 'getItem'>): boolean {
  try {
    return storage.getItem(FILTERS_OPEN_KEY) === 'yes';
  } catch {
    return false;
  }
}

export function rememberFiltersOpen(storage: Pick<Storage, 'setItem'>, open: boolean): void {
  try {
    storage.setItem(FILTERS_OPEN_KEY, open ? 'yes' : 'no');
  } catch {
    // Not kept: the controls then start folded, as on a first visit.
  }
}

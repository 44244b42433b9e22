import { describe, expect, it } from 'vitest';
import {
  filtersWereOpen,
  fromOrdersList,
  ordersListOf,
  rememberFiltersOpen,
  rememberListScroll,
  takeListScroll,
} from '../../client/src/admin/orders/orders-list/list-return.js';

/** sessionStorage as the browser keeps it: strings by key. */
function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe('back from an order to the list as it was', () => {
  it('takes the list with its filters to the order page and back', () => {
    expect(ordersListOf(fromOrdersList('?q=jan&special=yes'))).toBe('/admin/orders?q=jan&special=yes');
    expect(ordersListOf(fromOrdersList(''))).toBe('/admin/orders');
  });

  it('goes nowhere but the list, whatever the history state holds', () => {
    for (const state of [null, undefined, 'x', {}, { ordersList: 3 }, { ordersList: '/admin/main' }]) {
      expect(ordersListOf(state)).toBeNull();
    }
    expect(ordersListOf({ ordersList: 'https://example.test/admin/orders' })).toBeNull();
    expect(ordersListOf({ ordersList: '/admin/orders-evil' })).toBeNull();
  });

  it('restores the scroll position once, and only for the same list', () => {
    const storage = memoryStorage();
    rememberListScroll(storage, '?q=jan', 812.4);
    expect(takeListScroll(storage, '?q=piet')).toBeNull();
    rememberListScroll(storage, '?q=jan', 812.4);
    expect(takeListScroll(storage, '?q=jan')).toBe(812);
    expect(takeListScroll(storage, '?q=jan')).toBeNull();
  });

  it('opens at the top when the stored position is unreadable or storage refuses', () => {
    const storage = memoryStorage();
    storage.setItem('tijdvak.ordersList.scroll', '{not json');
    expect(takeListScroll(storage, '')).toBeNull();
    const refusing = {
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(() => rememberListScroll(refusing, '', 10)).not.toThrow();
  });

  it('keeps the filter controls unfolded for the tab once they were opened', () => {
    const storage = memoryStorage();
    expect(filtersWereOpen(storage)).toBe(false);
    rememberFiltersOpen(storage, true);
    expect(filtersWereOpen(storage)).toBe(true);
    rememberFiltersOpen(storage, false);
    expect(filtersWereOpen(storage)).toBe(false);
  });
});

/**
 * The order list's columns by priority. The reference, the customer, the window and where the visit stands are
 * always there; the others can be switched off in "Kolommen" (remembered per browser), and the lowest priority folds
 * away by itself on a narrower screen (orders.css), so the table never scrolls sideways at 1280 px.
 */
export const OPTIONAL_COLUMNS = ['technician', 'marks', 'reply', 'informed', 'zipcode', 'city'] as const;
export type OptionalColumn = (typeof OPTIONAL_COLUMNS)[number];

/** 2: folds away below a middling width; 3: folds away first. */
export const COLUMN_PRIORITY: Record<OptionalColumn, 2 | 3> = {
  technician: 2,
  marks: 2,
  reply: 2,
  informed: 3,
  zipcode: 3,
  city: 3,
};

const STORAGE_KEY = 'tijdvak.ordersList.hiddenColumns';

/** The columns the user switched off; none when nothing (readable) was stored. */
export function readHiddenColumns(storage: Pick<Storage, 'getItem'>): ReadonlySet<OptionalColumn> {
  try {
    const raw = storage.getItem(STORAGE_KEY);
    const parsed: unknown = raw === null ? [] : JSON.parse(raw);
    if (!Array.isArray(parsed)) return new Set();
    return new Set(OPTIONAL_COLUMNS.filter((column) => parsed.includes(column)));
  } catch {
    return new Set();
  }
}

export function storeHiddenColumns(storage: Pick<Storage, 'setItem'>, hidden: ReadonlySet<OptionalColumn>): void {
  try {
    storage.setItem(STORAGE_KEY, JSON.stringify([...hidden]));
  } catch {
    // Storage full or refused (private mode): the choice lasts as long as the page.
  }
}

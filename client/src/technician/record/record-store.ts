import { memoryItemStore, type RecordItem, type RecordItemStore } from './record-queue';

/**
 * The waiting items in IndexedDB (photos are files: too large for local storage), in one object store for every
 * technician on the phone, each item marked with its technician, its key the order it was made in. Each
 * technician sees and sends only their own.
 */
const DATABASE = 'tijdvak-technician';
const ITEMS = 'record-items';

type StoredItem = RecordItem & { technicianId: string };

let opened: Promise<IDBDatabase> | null = null;

function database(): Promise<IDBDatabase> {
  opened ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => {
      const items = request.result.createObjectStore(ITEMS, { autoIncrement: true });
      items.createIndex('technicianId', 'technicianId');
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB did not open'));
  });
  opened.catch(() => {
    opened = null;
  });
  return opened;
}

function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

async function entriesOf(technicianId: string): Promise<{ key: IDBValidKey; item: StoredItem }[]> {
  const index = (await database()).transaction(ITEMS).objectStore(ITEMS).index('technicianId');
  const [keys, items] = await Promise.all([
    done(index.getAllKeys(IDBKeyRange.only(technicianId))),
    done(index.getAll(IDBKeyRange.only(technicianId)) as IDBRequest<StoredItem[]>),
  ]);
  // Both lists come in the index's order (technician, then key): the order the items were made in.
  return keys.map((key, position) => ({ key, item: items[position] }));
}

/** The signed-in technician's waiting items; an array in memory where IndexedDB is blocked. */
export function indexedDbItemStore(technicianId: string): RecordItemStore {
  if (typeof indexedDB === 'undefined') return memoryItemStore();
  return {
    async all() {
      return (await entriesOf(technicianId)).map(({ item }) => {
        const { technicianId: _own, ...rest } = item;
        return rest;
      });
    },
    async add(item) {
      const stored: StoredItem = { ...item, technicianId };
      await done((await database()).transaction(ITEMS, 'readwrite').objectStore(ITEMS).add(stored));
    },
    async remove(clientIds) {
      const keys = (await entriesOf(technicianId))
        .filter(({ item }) => clientIds.includes(item.clientId))
        .map(({ key }) => key);
      if (keys.length === 0) return;
      const transaction = (await database()).transaction(ITEMS, 'readwrite');
      for (const key of keys) transaction.objectStore(ITEMS).delete(key);
      await new Promise<void>((resolve, reject) => {
        transaction.oncomplete = () => resolve();
        transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB delete failed'));
      });
    },
  };
}

/** Sign-out: the technician's waiting items go with the rest of what the phone kept of them. */
export async function forgetItemsOf(technicianId: string): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  const store = indexedDbItemStore(technicianId);
  await store.remove((await store.all()).map((item) => item.clientId));
}

import type { CheckInRequest } from '../../../../common/check-in';
import type { OfflineList } from './verify';

// What a door device keeps in IndexedDB: the list as last loaded (to decide scans offline),
// and the scans made offline, waiting to be uploaded, each with its nonce.

const DB = 'tessera-check-in';
const LISTS = 'lists';
const QUEUE = 'queue';

export interface QueuedScan {
  shortId: string;
  nonce: string;
  body: CheckInRequest;
}

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB, 1);
    request.onupgradeneeded = () => {
      request.result.createObjectStore(LISTS);
      request.result.createObjectStore(QUEUE, { keyPath: 'nonce' });
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function run<T>(
  store: string,
  mode: IDBTransactionMode,
  action: (s: IDBObjectStore) => IDBRequest,
): Promise<T> {
  const db = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const request = action(db.transaction(store, mode).objectStore(store));
      request.onsuccess = () => resolve(request.result as T);
      request.onerror = () => reject(request.error);
    });
  } finally {
    db.close();
  }
}

export const saveList = (shortId: string, data: OfflineList) =>
  run<void>(LISTS, 'readwrite', (s) => s.put(data, shortId));
export const loadList = (shortId: string) =>
  run<OfflineList | undefined>(LISTS, 'readonly', (s) => s.get(shortId));
export const enqueue = (scan: QueuedScan) => run<void>(QUEUE, 'readwrite', (s) => s.put(scan));
export const queued = async (shortId: string) =>
  (await run<QueuedScan[]>(QUEUE, 'readonly', (s) => s.getAll())).filter((q) => q.shortId === shortId);
export const dequeue = (nonce: string) => run<void>(QUEUE, 'readwrite', (s) => s.delete(nonce));

/** A nonce for one scan: random, URL-safe, 22 characters. */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

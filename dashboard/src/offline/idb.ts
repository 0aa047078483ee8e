/**
 * The register's IndexedDB database, `till-register`: what lets it open and sell without the network.
 *
 * - `snapshots`: per merchant and environment (`<merchant>.<environment>`), the account, the active
 *   products (prices, modifiers, stock) and this register's open drawer, as last read online.
 * - `sales`: the sales rung up offline, keyed by their Idempotency-Key, each in the queue of the user
 *   who made it (`<merchant>.<environment>.<user>`), in the order they were made (`seq`).
 * - `counters`: per merchant, environment and register code, the last receipt counter handed out.
 *
 * A few promise helpers over the raw API instead of a wrapper library: every read and write here is
 * one short transaction.
 */
const NAME = 'till-register';
const VERSION = 1;

export const SNAPSHOTS = 'snapshots';
export const SALES = 'sales';
export const COUNTERS = 'counters';
/** The `sales` index in queue order: `[queue, seq]`. */
export const BY_QUEUE = 'by_queue';

let opening: Promise<IDBDatabase> | undefined;

export function openDatabase(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(NAME, VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      db.createObjectStore(SNAPSHOTS);
      db.createObjectStore(SALES, { keyPath: 'key' }).createIndex(BY_QUEUE, ['queue', 'seq']);
      db.createObjectStore(COUNTERS);
    };
    request.onsuccess = () => {
      // Another tab's newer version of the page asks to upgrade: let it, and open again next time.
      request.result.onversionchange = () => {
        request.result.close();
        opening = undefined;
      };
      resolve(request.result);
    };
    request.onerror = () => reject(request.error);
    request.onblocked = () => reject(new Error('The register database is held by an older tab of the dashboard: close it.'));
  });
  return opening.catch((error: unknown) => {
    opening = undefined;
    throw error;
  });
}

export function requestResult<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/**
 * Runs `work` in one transaction over `stores` and resolves with its result once the transaction has
 * committed (so a sale is on disk before the cashier is told it is kept).
 */
export async function transaction<T>(stores: string[], mode: IDBTransactionMode, work: (tx: IDBTransaction) => Promise<T>): Promise<T> {
  const db = await openDatabase();
  const tx = db.transaction(stores, mode, { durability: 'strict' });
  const done = new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onabort = () => reject(tx.error ?? new Error('The register database refused the change.'));
    tx.onerror = () => reject(tx.error);
  });
  let result: T;
  try {
    result = await work(tx);
  } catch (error) {
    tx.abort();
    await done.catch(() => undefined);
    throw error;
  }
  await done;
  return result;
}

/**
 * What the register keeps of a merchant's data set (`<merchant>.<environment>`) to sell without the
 * network: the account (currency, tax rate, whether prices include it, the user and permissions), the
 * active products, and the open drawer of each register code. Written each time it is read online,
 * read when the network is gone. No token is kept: a sale made offline is sent later under the
 * sign-in of its user.
 */
import type { Schemas } from '@till/client';
import { createStore } from '../register/store';
import { requestResult, SNAPSHOTS, transaction } from './idb';

type Account = Schemas['Account'];
type Product = Schemas['Product'];

export interface Snapshot {
  account: Account;
  products: Product[];
  /** The open drawer's id by register code; absent when none was open. */
  drawers: Record<string, string>;
  savedAt: string;
}

/** The data set of an account: `<merchant>.<environment>`. */
export function scopeOf(account: Pick<Account, 'id' | 'environment'>): string {
  return `${account.id}.${account.environment}`;
}

/** The sale queue of an account's user: `<merchant>.<environment>.<user>`. */
export function queueOf(account: Account): string {
  return `${scopeOf(account)}.${account.user?.id ?? 'key'}`;
}

const LAST_ACCOUNT = 'till.offline.account';

/** True once this page has kept the catalogue it read online. */
export const catalogueKept = createStore(false);

export async function readSnapshot(scope: string): Promise<Snapshot | undefined> {
  return transaction([SNAPSHOTS], 'readonly', (tx) => requestResult(tx.objectStore(SNAPSHOTS).get(scope) as IDBRequest<Snapshot | undefined>));
}

async function changeSnapshot(account: Account, change: (snapshot: Snapshot) => Snapshot): Promise<void> {
  const scope = scopeOf(account);
  await transaction([SNAPSHOTS], 'readwrite', async (tx) => {
    const store = tx.objectStore(SNAPSHOTS);
    const current = ((await requestResult(store.get(scope))) as Snapshot | undefined) ?? { account, products: [], drawers: {}, savedAt: '' };
    await requestResult(store.put(change({ ...current, account, savedAt: new Date().toISOString() }), scope));
  });
}

/** Keeps the account as read online, and remembers it as the one this device last signed in with. */
export async function keepAccount(account: Account): Promise<void> {
  try {
    localStorage.setItem(LAST_ACCOUNT, JSON.stringify(account));
  } catch {
    // Storage refused: the device cannot open offline.
  }
  await changeSnapshot(account, (snapshot) => snapshot);
}

/** The account this device was last signed in with: the one the register opens with offline. */
export function lastAccount(): Account | undefined {
  try {
    const saved = JSON.parse(localStorage.getItem(LAST_ACCOUNT) ?? 'null') as Account | null;
    return saved !== null && typeof saved.id === 'string' ? saved : undefined;
  } catch {
    return undefined;
  }
}

/** Forgets the last account (signing out on purpose): the device then opens offline for nobody. */
export function forgetLastAccount(): void {
  try {
    localStorage.removeItem(LAST_ACCOUNT);
  } catch {
    // Nothing kept.
  }
}

export function keepProducts(account: Account, products: Product[]): Promise<void> {
  return changeSnapshot(account, (snapshot) => ({ ...snapshot, products }));
}

export function keepDrawer(account: Account, register: string, drawerId: string | undefined): Promise<void> {
  return changeSnapshot(account, (snapshot) => {
    const drawers = { ...snapshot.drawers };
    if (drawerId === undefined) delete drawers[register];
    else drawers[register] = drawerId;
    return { ...snapshot, drawers };
  });
}

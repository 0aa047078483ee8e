/**
 * The sales rung up without the network, kept in IndexedDB until they are synced (`sync.ts`), so that a
 * reload, a closed tab or a restart of the browser loses none.
 *
 * Each sale is kept with everything its sync sends, fixed when it was made: its Create Order body
 * (the device's time as `recorded_at`, its receipt number, the prices charged and the total taken) and
 * its Capture body (the cash handed over, the drawer), and its Idempotency-Key. The receipt number is
 * the register's code and a counter kept per register on this device, taken in the transaction that
 * stores the sale: never handed out twice, even by two tabs at once.
 *
 * A sale is `waiting` until Create Order answers, `created` (its order known) until Capture does,
 * then `synced`; `refused` when the API said no for good (the sale stays, with the error, until the
 * cashier discards it). Every tab hears of every change (a BroadcastChannel) and shows the new counts.
 */
import type { BodyOf, Schemas } from '@till/client';
import { createStore } from '../register/store';
import { BY_QUEUE, COUNTERS, requestResult, SALES, transaction } from './idb';

type CreateOrderBody = BodyOf<'/v1/orders', 'post'>;
type CaptureBody = BodyOf<'/v1/orders/{id}/capture', 'post'>;
export type SyncDifference = Schemas['SyncDifference'];

export type SaleStatus = 'waiting' | 'created' | 'synced' | 'refused';

export interface OfflineSale {
  /** The Idempotency-Key of the sale: Create Order is sent under `<key>.order`, Capture under `<key>.capture`. */
  key: string;
  /** Whose sale it is: `<merchant>.<environment>.<user>`. */
  queue: string;
  /** Its place in the queue: the order the sales were made in on this device. */
  seq: number;
  receiptNumber: string;
  recordedAt: string;
  currency: string;
  total: number;
  cashGiven: number;
  /** The products' names as sold, for the report. */
  names: Record<string, string>;
  order: CreateOrderBody;
  capture: CaptureBody;
  status: SaleStatus;
  orderId?: string;
  orderNumber?: number;
  differences?: SyncDifference[];
  error?: { status: number; code: string; message: string };
  /** What the sync had to change (the drawer closed meanwhile: the cash went in none). */
  note?: string;
  syncedAt?: string;
}

export interface NewSale {
  queue: string;
  /** `<merchant>.<environment>`: receipt counters are per data set and register. */
  scope: string;
  register: string;
  currency: string;
  total: number;
  cashGiven: number;
  names: Record<string, string>;
  /** The Create Order body without `recorded_at` and `register_receipt_number`, which are set here. */
  order: CreateOrderBody;
  capture: CaptureBody;
}

/** The counter's digits in a receipt number: `R1-000042`. */
const COUNTER_DIGITS = 6;
const SEQ = 'seq';

export function receiptNumber(register: string, counter: number): string {
  return `${register}-${String(counter).padStart(COUNTER_DIGITS, '0')}`;
}

const channel = typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel('till-register-sales');

/** Stores a sale made offline, with the next receipt number of its register; answers it as stored. */
export async function recordSale(sale: NewSale): Promise<OfflineSale> {
  const recordedAt = new Date().toISOString();
  const stored = await transaction([SALES, COUNTERS], 'readwrite', async (tx) => {
    const counters = tx.objectStore(COUNTERS);
    const counterKey = `${sale.scope}.${sale.register}`;
    const counter = (((await requestResult(counters.get(counterKey))) as number | undefined) ?? 0) + 1;
    const seq = (((await requestResult(counters.get(SEQ))) as number | undefined) ?? 0) + 1;
    await requestResult(counters.put(counter, counterKey));
    await requestResult(counters.put(seq, SEQ));
    const number = receiptNumber(sale.register, counter);
    const record: OfflineSale = {
      key: `offline_${crypto.randomUUID()}`,
      queue: sale.queue,
      seq,
      receiptNumber: number,
      recordedAt,
      currency: sale.currency,
      total: sale.total,
      cashGiven: sale.cashGiven,
      names: sale.names,
      order: { ...sale.order, recorded_at: recordedAt, register_receipt_number: number },
      capture: sale.capture,
      status: 'waiting',
    };
    await requestResult(tx.objectStore(SALES).add(record));
    return record;
  });
  changed();
  return stored;
}

/** The sales of a queue, in the order they were made. */
export function queuedSales(queue: string): Promise<OfflineSale[]> {
  return transaction([SALES], 'readonly', (tx) =>
    requestResult(tx.objectStore(SALES).index(BY_QUEUE).getAll(IDBKeyRange.bound([queue, 0], [queue, Number.MAX_SAFE_INTEGER])) as IDBRequest<OfflineSale[]>),
  );
}

/** Writes what the sync learned of a sale (read again first: another tab may have moved it on). */
export async function updateSale(key: string, change: (sale: OfflineSale) => OfflineSale): Promise<OfflineSale | undefined> {
  const updated = await transaction([SALES], 'readwrite', async (tx) => {
    const store = tx.objectStore(SALES);
    const current = (await requestResult(store.get(key))) as OfflineSale | undefined;
    if (current === undefined) return undefined;
    const next = change(current);
    await requestResult(store.put(next));
    return next;
  });
  changed();
  return updated;
}

export async function readSale(key: string): Promise<OfflineSale | undefined> {
  return transaction([SALES], 'readonly', (tx) => requestResult(tx.objectStore(SALES).get(key) as IDBRequest<OfflineSale | undefined>));
}

/** Removes a sale on the cashier's word: a refused sale they discard, or a synced one they clear from the report. */
export async function discardSale(key: string): Promise<void> {
  await transaction([SALES], 'readwrite', (tx) => requestResult(tx.objectStore(SALES).delete(key)));
  changed();
}

export interface QueueCounts {
  queue: string | null;
  /** Not synced yet: waiting or created. */
  waiting: number;
  refused: number;
  /** Synced with a difference the report lists. */
  differences: number;
}

export const queueCounts = createStore<QueueCounts>({ queue: null, waiting: 0, refused: 0, differences: 0 });
/** Bumped at each change of any queue, in this tab or another: screens that list sales read them again. */
export const queueVersion = createStore(0);

export function countsOf(queue: string, sales: readonly OfflineSale[]): QueueCounts {
  return {
    queue,
    waiting: sales.filter((s) => s.status === 'waiting' || s.status === 'created').length,
    refused: sales.filter((s) => s.status === 'refused').length,
    differences: sales.filter((s) => s.status === 'synced' && (s.differences?.length ?? 0) > 0).length,
  };
}

/** Reads the counts of `queue` (the signed-in user's) again; null forgets them (nobody signed in). */
let watching = 0;
export async function watchQueue(queue: string | null): Promise<void> {
  const ticket = ++watching;
  if (queue === null) return queueCounts.set({ queue: null, waiting: 0, refused: 0, differences: 0 });
  const sales = await queuedSales(queue);
  // A later read (a later change) wins over this one.
  if (ticket === watching) queueCounts.set(countsOf(queue, sales));
}

let counting: Promise<void> | undefined;
let countAgain = false;

/**
 * Reads the counts again after a change: one read at a time, and one more after it for every change
 * meanwhile (a sync writes four times a sale; reading the whole queue at each would cost its square).
 */
function refreshCounts(): void {
  queueVersion.set((v) => v + 1);
  if (counting !== undefined) {
    countAgain = true;
    return;
  }
  const queue = queueCounts.get().queue;
  if (queue === null) return;
  counting = watchQueue(queue)
    .catch(() => undefined)
    .finally(() => {
      counting = undefined;
      if (countAgain) {
        countAgain = false;
        refreshCounts();
      }
    });
}

function changed(): void {
  channel?.postMessage('changed');
  refreshCounts();
}

channel?.addEventListener('message', refreshCounts);

/**
 * Sends the sales rung up offline to Till, in the order they were made, each exactly once whatever
 * fails midway: Create Order (with `recorded_at`, the receipt number, the prices charged and the total
 * taken), then Capture (cash, with the cash handed over). Both go through the dashboard's client
 * (`@till/client`), under the sale's own Idempotency-Keys, and each step is written to IndexedDB before
 * the next is sent:
 *
 * - A lost answer or a reload between Create Order and the record of its answer: Create is sent again,
 *   and the receipt number makes it answer the order already made (200), however long after.
 * - The same for Capture: its key replays the first answer within 24 hours; after that, or from
 *   another tab, an order already paid answers 422 `order_not_capturable`, and an order found paid
 *   counts as done.
 * - Two tabs: one syncs at a time (a Web Lock per queue), but nothing depends on it, by the two rules
 *   above.
 *
 * A refusal for good (422 on a product gone, a modifier no longer offered, a discount code used up)
 * marks the sale `refused` with the API's message, and the sync goes on with the next sale; the
 * cashier sees it in the report and discards it deliberately. A failure that may pass (no network, a
 * 5xx, 429, the sign-in to renew) stops the sync: it starts again when the network or the sign-in is
 * back.
 */
import { ConnectionError, TillError, type Schemas } from '@till/client';
import { till } from '../api';
import { createStore } from '../register/store';
import { queuedSales, readSale, updateSale, type OfflineSale } from './queue';

type Order = Schemas['Order'];

/** Whether a sync of this tab is running, for the banner. */
export const syncing = createStore(false);

/** A failure that says nothing of the sale: the network, the server, the rate limit, the sign-in. */
function passing(error: unknown): boolean {
  if (error instanceof ConnectionError || !(error instanceof TillError)) return true;
  return error.status === 0 || error.status === 401 || error.status === 403 || error.status === 408 || error.status === 409 || error.status === 429 || error.status >= 500;
}

function refusal(error: unknown): OfflineSale['error'] {
  const failure = error as TillError;
  return { status: failure.status, code: failure.code, message: failure.message };
}

type Step = 'next' | 'stop';

async function createOrder(sale: OfflineSale): Promise<Step> {
  let order: Order;
  try {
    order = await till.orders.create(sale.order, { idempotencyKey: `${sale.key}.order` });
  } catch (error) {
    if (passing(error)) return 'stop';
    await updateSale(sale.key, (s) => ({ ...s, status: 'refused', error: refusal(error) }));
    return 'next';
  }
  if (order.recorded_at !== sale.recordedAt) {
    // The number was taken by a sale of another device using the same register code: this one is not that order.
    const message = `Receipt number ${sale.receiptNumber} is already order #${order.number}, another sale (another device using register ${sale.receiptNumber.replace(/-\d+$/, '')}?). Give each device its own register code.`;
    await updateSale(sale.key, (s) => ({ ...s, status: 'refused', error: { status: 200, code: 'receipt_number_taken', message } }));
    return 'next';
  }
  await updateSale(sale.key, (s) => (s.status === 'waiting' ? { ...s, status: 'created', orderId: order.id, orderNumber: order.number, differences: order.sync_differences } : s));
  return 'next';
}

const PAID = new Set<Order['status']>(['paid', 'partially_refunded', 'refunded']);

async function capture(sale: OfflineSale, orderId: string): Promise<Step> {
  const done = (order: Order) => updateSale(sale.key, (s) => ({ ...s, status: 'synced', orderNumber: order.number, differences: order.sync_differences, syncedAt: new Date().toISOString() }));
  try {
    // A new key for a new body: the capture sent again without the drawer.
    const key = sale.note === undefined ? `${sale.key}.capture` : `${sale.key}.capture.without-drawer`;
    await done(await till.orders.capture(orderId, sale.capture, { idempotencyKey: key }));
    return 'next';
  } catch (error) {
    if (passing(error)) return 'stop';
    const code = (error as TillError).code;
    if (code === 'order_not_capturable') {
      // Paid already: by this sale's own capture whose answer was lost, or by another tab's.
      const order = await till.orders.retrieve(orderId).catch(() => undefined);
      if (order === undefined) return 'stop';
      if (PAID.has(order.status)) {
        await done(order);
        return 'next';
      }
    } else if ((error as TillError).param === 'cash_drawer_id') {
      // The drawer was closed (or is gone) since: the cash is taken without one, and the report says so.
      const { cash_drawer_id: _drawer, ...withoutDrawer } = sale.capture;
      await updateSale(sale.key, (s) => ({ ...s, capture: withoutDrawer, note: `Paid without its drawer: ${(error as TillError).message}` }));
      return 'next';
    }
    await updateSale(sale.key, (s) => ({ ...s, status: 'refused', error: refusal(error) }));
    return 'next';
  }
}

/** One step of one sale, read afresh (another tab may have moved it on). */
async function step(key: string): Promise<Step | 'done'> {
  const sale = await readSale(key);
  if (sale === undefined || sale.status === 'synced' || sale.status === 'refused') return 'done';
  if (sale.status === 'waiting') return createOrder(sale);
  return capture(sale, sale.orderId!);
}

async function run(queue: string, onSynced: (sale: OfflineSale) => void): Promise<void> {
  for (const { key } of await queuedSales(queue)) {
    for (;;) {
      const outcome = await step(key);
      if (outcome === 'stop') return;
      if (outcome === 'done') break;
    }
    const sale = await readSale(key);
    if (sale?.status === 'synced') onSynced(sale);
  }
}

/**
 * Syncs `queue` (the signed-in user's), unless another tab of this browser is syncing it now (that
 * one's progress shows here too). `onSynced` hears of each sale synced by this call.
 */
export async function syncQueue(queue: string, onSynced: (sale: OfflineSale) => void = () => {}): Promise<void> {
  if (syncing.get()) return;
  syncing.set(true);
  try {
    if (typeof navigator.locks === 'undefined') return await run(queue, onSynced);
    await navigator.locks.request(`till-register-sync:${queue}`, { ifAvailable: true }, async (lock) => {
      if (lock !== null) await run(queue, onSynced);
    });
  } finally {
    syncing.set(false);
  }
}

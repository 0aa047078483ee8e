/**
 * The flow of one sale: the cart, then the tender (the order is created when the cashier chooses cash,
 * card or split), then the capture, then the done screen.
 *
 * A sale sells once, whatever the taps and retries: it gets one Idempotency-Key when its cart starts,
 * kept (in localStorage, so a reload in the middle of a sale keeps it too) until the sale completes or
 * the cart is cleared. Create Order is sent under `<key>.order.<n>` and Capture under
 * `<key>.capture.<n>`: a double tap, the client's own retries after a lost answer and a tap of Pay
 * again after a network failure all send the same key with the same body, and the API answers the
 * first result again. `n` moves on only after a definitive refusal (a 4xx: out of stock, card
 * declined), since the next try is then another request, and the API refuses a key reused with
 * another body. A cart changed after its order was made gives a new order: the pending one is
 * canceled (its stock released) first.
 */
import { TillError, type BodyOf, type Schemas } from '@till/client';
import { till } from '../api';
import { EMPTY_CART, orderRequest, type Cart } from './cart';
import { rememberSold } from './device';
import { createStore, type Store } from './store';

type Order = Schemas['Order'];
/** Capture Order's body: a card's token and tip, the cash handed over, a split's cash part, the drawer. */
export type SaleCapture = BodyOf<'/v1/orders/{id}/capture', 'post'>;

export type Tender = 'cash' | 'card' | 'split';
/** `cart`: building the cart; `cash`, `tip`, `card`, `split`: tendering the order; `done`: paid. */
export type Phase = 'cart' | 'cash' | 'tip' | 'card' | 'split' | 'done';
export type Tip = { amount: number } | { percentage_bps: number };

export interface Sale {
  key: string;
  orderAttempt: number;
  captureAttempt: number;
  cart: Cart;
  phase: Phase;
  tender: Tender | null;
  /** The order made for the cart (pending while tendering, paid when done). */
  order: Order | null;
  /** The Create Order body the order was made from, to know whether the cart changed since. */
  request: string | null;
  /** The tip chosen on the tip screen, for the card capture. */
  tip: Tip | null;
  /** A split's cash part and the cash handed over for it, for the card capture of the rest. */
  split: { cashAmount: number; cashGiven: number } | null;
}

function uuid(): string {
  return crypto.randomUUID();
}

function freshSale(): Sale {
  return { key: `sale_${uuid()}`, orderAttempt: 0, captureAttempt: 0, cart: EMPTY_CART, phase: 'cart', tender: null, order: null, request: null, tip: null, split: null };
}

/** A 4xx other than "still running": the API said no for good, and keeps that answer under the key. */
function definitive(error: unknown): boolean {
  return error instanceof TillError && error.status >= 400 && error.status < 500 && error.status !== 409;
}

export interface SaleFlow {
  store: Store<Sale>;
  updateCart(change: (cart: Cart) => Cart): void;
  /** Makes (or keeps) the order of the cart for `tender`, and moves to its screen. */
  tender(tender: Tender, register: string): Promise<void>;
  /** Sets the tip of a card payment, and moves to the card screen. */
  chooseTip(tip: Tip | null): void;
  /** A split's cash part: then the card screen for the rest. */
  chooseSplit(cashAmount: number, cashGiven: number): void;
  /** Captures the order (the drawer's id added when there is one), and moves to the done screen. */
  capture(body: SaleCapture): Promise<Order>;
  /** Back to the cart from a tender screen; the pending order stays until the cart changes. */
  backToCart(): void;
  /** Empties the cart (canceling its pending order) and starts a new sale with a new key. */
  clear(): Promise<void>;
  /** After the done screen. */
  newSale(): void;
}

const flows = new Map<string, SaleFlow>();

/** The sale of a merchant's data set on this device (`scope`: the merchant and the environment). */
export function saleFlow(scope: string): SaleFlow {
  let flow = flows.get(scope);
  if (flow === undefined) {
    flow = makeFlow(scope);
    flows.set(scope, flow);
  }
  return flow;
}

function makeFlow(scope: string): SaleFlow {
  const storageKey = `till.register.sale.${scope}`;
  const store = createStore<Sale>(restore(storageKey), (sale) => {
    try {
      localStorage.setItem(storageKey, JSON.stringify(sale));
    } catch {
      // Storage full or refused: the sale goes on in memory.
    }
  });
  let creating: { request: string; promise: Promise<void> } | undefined;
  let capturing: Promise<Order> | undefined;
  const update = (change: Partial<Sale>) => store.set((sale) => ({ ...sale, ...change }));

  async function makeOrder(body: BodyOf<'/v1/orders', 'post'>, request: string, tender: Tender): Promise<void> {
    let sale = store.get();
    if (sale.order !== null && sale.order.status === 'pending') {
      await till.orders.cancel(sale.order.id);
      update({ order: null, request: null, orderAttempt: sale.orderAttempt + 1 });
      sale = store.get();
    }
    for (let round = 0; ; round++) {
      try {
        const order = await till.orders.create(body, { idempotencyKey: `${sale.key}.order.${store.get().orderAttempt}` });
        update({ order, request, tender, phase: phaseOf(tender), tip: null, split: null, captureAttempt: 0 });
        return;
      } catch (error) {
        if (!definitive(error)) throw error;
        update({ orderAttempt: store.get().orderAttempt + 1 });
        // A key already used with another body (a sale restored after its cart changed): once more with the next key.
        if (round > 0 || (error as TillError).code !== 'idempotency_key_reused') throw error;
      }
    }
  }

  return {
    store,
    updateCart(change) {
      const sale = store.get();
      if (sale.phase !== 'cart') return;
      store.set({ ...sale, cart: change(sale.cart) });
    },
    tender(tender, register) {
      const sale = store.get();
      const body = orderRequest(sale.cart, tender === 'cash' ? 'cash' : 'card', { register });
      const request = JSON.stringify(body);
      if (sale.order !== null && sale.order.status === 'pending' && sale.request === request) {
        update({ tender, phase: phaseOf(tender), tip: null, split: null });
        return Promise.resolve();
      }
      // A second tap while the first is on its way waits for the same order.
      if (creating !== undefined && creating.request === request) return creating.promise;
      const promise = makeOrder(body, request, tender).finally(() => {
        if (creating?.promise === promise) creating = undefined;
      });
      creating = { request, promise };
      return promise;
    },
    chooseTip(tip) {
      update({ tip, phase: 'card' });
    },
    chooseSplit(cashAmount, cashGiven) {
      update({ split: { cashAmount, cashGiven }, phase: 'card' });
    },
    capture(body) {
      if (capturing !== undefined) return capturing;
      const sale = store.get();
      const order = sale.order;
      if (order === null) return Promise.reject(new Error('There is no order to pay.'));
      const run = (async () => {
        try {
          const paid = await till.orders.capture(order.id, body, { idempotencyKey: `${sale.key}.capture.${sale.captureAttempt}` });
          rememberSold(scope, paid.id);
          update({ order: paid, phase: 'done' });
          return paid;
        } catch (error) {
          if (!definitive(error)) throw error;
          update({ captureAttempt: store.get().captureAttempt + 1 });
          // Paid already (an earlier capture whose answer was lost): the sale is done.
          const now = await till.orders.retrieve(order.id).catch(() => undefined);
          if (now !== undefined && now.status !== 'pending' && now.status !== 'canceled') {
            rememberSold(scope, now.id);
            update({ order: now, phase: 'done' });
            return now;
          }
          throw error;
        }
      })().finally(() => {
        capturing = undefined;
      });
      capturing = run;
      return run;
    },
    backToCart() {
      update({ phase: 'cart', tip: null, split: null });
    },
    async clear() {
      const order = store.get().order;
      if (order !== null && order.status === 'pending') await till.orders.cancel(order.id);
      store.set(freshSale());
    },
    newSale() {
      store.set(freshSale());
    },
  };
}

function phaseOf(tender: Tender): Phase {
  return tender === 'cash' ? 'cash' : tender === 'card' ? 'tip' : 'split';
}

function restore(storageKey: string): Sale {
  try {
    const saved = JSON.parse(localStorage.getItem(storageKey) ?? 'null') as Sale | null;
    if (saved !== null && typeof saved.key === 'string' && Array.isArray(saved.cart?.lines)) return saved;
  } catch {
    // Unreadable: a new sale.
  }
  return freshSale();
}

/**
 * The rows a benchmark database is filled with: a catalogue, customers, and a year of orders with their
 * line items and refunds, as the API itself would have written them (totals, tax, payments and
 * refunded amounts agree), so that Get Order and List Orders read them back like any other order.
 *
 * The rows come from a seeded generator, so SQLite and PostgreSQL get the same data, and the bench
 * knows without asking the database how many orders its List Orders filter must count.
 */
import type { Environment, OrderStatus } from '../src/db/schema.js';
import { taxOn } from '../src/orders/money.js';

export const FILL_ENVIRONMENT: Environment = 'sandbox';
export const TAX_RATE_BPS = 825;
export const CURRENCY = 'USD';
export const PRODUCT_COUNT = 100;
export const CUSTOMER_COUNT = 1_000;
/** Tracked stock of every product: Create Order never runs out, whatever the run's length. */
export const PRODUCT_STOCK = 1_000_000_000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Orders span one year, ending a day before the run starts. */
const SPAN_MS = 365 * DAY_MS;

/** Share of each status among filled orders, in the order they are drawn. */
const STATUS_SHARES: ReadonlyArray<[OrderStatus, number]> = [
  ['paid', 0.7],
  ['partially_refunded', 0.05],
  ['refunded', 0.05],
  ['pending', 0.1],
  ['canceled', 0.1],
];

export const ORDER_COLUMNS = [
  'merchant_id', 'environment', 'id', 'status', 'customer_id', 'currency', 'subtotal', 'tax', 'total', 'refunded_amount',
  'items_count', 'payment_method', 'card_last4', 'paid_at', 'canceled_at', 'notes', 'metadata', 'created_at', 'updated_at', 'number',
] as const;
export const LINE_ITEM_COLUMNS = [
  'merchant_id', 'environment', 'id', 'order_id', 'position', 'product_id', 'name', 'quantity', 'unit_price', 'total', 'refunded_quantity',
] as const;
export const REFUND_COLUMNS = ['merchant_id', 'environment', 'id', 'order_id', 'amount', 'currency', 'status', 'reason', 'items', 'created_at'] as const;
export const PRODUCT_COLUMNS = ['merchant_id', 'environment', 'id', 'name', 'price', 'currency', 'inventory', 'active', 'sku', 'created_at', 'updated_at'] as const;
export const CUSTOMER_COLUMNS = ['merchant_id', 'environment', 'id', 'name', 'email', 'created_at', 'updated_at'] as const;

export type Row = Array<string | number | null>;

export interface OrderBatch {
  orders: Row[];
  lineItems: Row[];
  refunds: Row[];
}

/** What List Orders is asked in the list scenarios, and the `total` it must answer. */
export interface ListFilter {
  status: OrderStatus;
  createdAtMin: string;
  createdAtMax: string;
  expectedTotal: number;
}

/** A small, fast, seeded generator (mulberry32): the same seed gives the same data on every database. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export class FillData {
  readonly products: Array<{ id: string; name: string; price: number; sku: string }> = [];
  readonly customers: Array<{ id: string; name: string; email: string }> = [];
  readonly listFilter: ListFilter;
  /** A recent paid order with a customer and three line items: the one Get Order reads. */
  getOrderId: string | undefined;
  private readonly random: () => number;
  private readonly start: number;
  private readonly filterMin: string;
  private readonly filterMax: string;
  private produced = 0;

  constructor(
    readonly merchantId: string,
    readonly orderCount: number,
    readonly end: Date,
    seed = 20261121,
  ) {
    this.random = seededRandom(seed);
    this.start = end.getTime() - SPAN_MS;
    for (let i = 0; i < PRODUCT_COUNT; i++) {
      this.products.push({ id: this.id('prod'), name: `Product ${i + 1}`, price: 150 + Math.floor(this.random() * 4850), sku: `P-${i + 1}` });
    }
    for (let i = 0; i < CUSTOMER_COUNT; i++) {
      this.customers.push({ id: this.id('cus'), name: `Customer ${i + 1}`, email: `customer${i + 1}@example.com` });
    }
    // "Paid orders of the last quarter": the 90 calendar days that end on the fill's last day.
    const maxDay = end.toISOString().slice(0, 10);
    const minDay = new Date(Date.parse(`${maxDay}T00:00:00.000Z`) - 89 * DAY_MS).toISOString().slice(0, 10);
    this.filterMin = `${minDay}T00:00:00.000Z`;
    this.filterMax = `${maxDay}T23:59:59.999Z`;
    this.listFilter = { status: 'paid', createdAtMin: minDay, createdAtMax: maxDay, expectedTotal: 0 };
  }

  productRows(): Row[] {
    const at = new Date(this.start - DAY_MS).toISOString();
    return this.products.map((p) => [this.merchantId, FILL_ENVIRONMENT, p.id, p.name, p.price, CURRENCY, PRODUCT_STOCK, 1, p.sku, at, at]);
  }

  customerRows(): Row[] {
    const at = new Date(this.start - DAY_MS).toISOString();
    return this.customers.map((c) => [this.merchantId, FILL_ENVIRONMENT, c.id, c.name, c.email, at, at]);
  }

  get done(): boolean {
    return this.produced >= this.orderCount;
  }

  /** The next `size` orders (oldest first) with their line items and refunds. */
  nextBatch(size: number): OrderBatch {
    const batch: OrderBatch = { orders: [], lineItems: [], refunds: [] };
    const until = Math.min(this.orderCount, this.produced + size);
    const step = SPAN_MS / this.orderCount;
    for (let i = this.produced; i < until; i++) {
      const createdMs = Math.floor(this.start + (i + this.random()) * step);
      this.addOrder(batch, createdMs, 1001 + i);
    }
    this.produced = until;
    return batch;
  }

  private addOrder(batch: OrderBatch, createdMs: number, number: number): void {
    const { merchantId } = this;
    const orderId = this.id('ord');
    const status = this.status();
    const itemCount = 1 + Math.floor(this.random() * 3);
    let subtotal = 0;
    const firstProduct = Math.floor(this.random() * PRODUCT_COUNT);
    for (let position = 0; position < itemCount; position++) {
      const product = this.products[(firstProduct + position * 7) % PRODUCT_COUNT]!;
      const quantity = 1 + Math.floor(this.random() * 3);
      const total = quantity * product.price;
      subtotal += total;
      batch.lineItems.push([merchantId, FILL_ENVIRONMENT, this.id('li'), orderId, position, product.id, product.name, quantity, product.price, total, 0]);
    }
    const tax = taxOn(subtotal, TAX_RATE_BPS);
    const total = subtotal + tax;
    const withCustomer = this.random() < 0.3;
    const customerId = withCustomer ? this.customers[Math.floor(this.random() * CUSTOMER_COUNT)]!.id : null;
    const card = this.random() < 0.8;
    const createdAt = new Date(createdMs).toISOString();
    const paid = status === 'paid' || status === 'partially_refunded' || status === 'refunded';
    const paidAt = paid ? new Date(createdMs + 20_000).toISOString() : null;
    const canceledAt = status === 'canceled' ? new Date(createdMs + 600_000).toISOString() : null;
    let refundedAmount = 0;
    let updatedAt = paidAt ?? canceledAt ?? createdAt;
    if (status === 'partially_refunded' || status === 'refunded') {
      refundedAmount = status === 'refunded' ? total : Math.floor(total / 2);
      const refundedAt = new Date(createdMs + 3_600_000).toISOString();
      updatedAt = refundedAt;
      batch.refunds.push([merchantId, FILL_ENVIRONMENT, this.id('ref'), orderId, refundedAmount, CURRENCY, 'succeeded', 'customer_request', '[]', refundedAt]);
    }
    batch.orders.push([
      merchantId, FILL_ENVIRONMENT, orderId, status, customerId, CURRENCY, subtotal, tax, total, refundedAmount, itemCount,
      card ? 'card' : 'cash', paid && card ? '4242' : null, paidAt, canceledAt, null, '{}', createdAt, updatedAt, number,
    ]);
    if (status === this.listFilter.status && createdAt >= this.filterMin && createdAt <= this.filterMax) this.listFilter.expectedTotal++;
    if (status === 'paid' && withCustomer && itemCount === 3) this.getOrderId = orderId;
  }

  private status(): OrderStatus {
    let r = this.random();
    for (const [status, share] of STATUS_SHARES) {
      if (r < share) return status;
      r -= share;
    }
    return 'canceled';
  }

  private id(prefix: string): string {
    let out = `${prefix}_`;
    for (let i = 0; i < 20; i++) out += ALPHABET[Math.floor(this.random() * 62)];
    return out;
  }
}

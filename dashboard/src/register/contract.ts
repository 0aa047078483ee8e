/**
 * The register's calls of the cash parts of the API (capture's `cash_given`, `cash_amount` and
 * `cash_drawer_id`, a refund's `cash_drawer_id`, the cash drawers and the end-of-day report), typed
 * here from the API reference. This file is the only one that widens the client's generated types;
 * the rest of the register calls these functions.
 */
import type { BodyOf, Schemas } from '@till/client';
import { ApiFailure, till } from '../api';

type Order = Schemas['Order'];
type Refund = Schemas['Refund'];

/** Capture Order's body as the register sends it. */
export interface SaleCapture {
  payment_token?: string;
  tip?: { amount: number } | { percentage_bps: number };
  /** Cash handed over: at least the total for a cash order, at least `cash_amount` for a split. */
  cash_given?: number;
  /** A card order's part paid in cash (split tender), 1 to the total less 1. */
  cash_amount?: number;
  cash_drawer_id?: string;
}

/** Captures the sale's order under the sale's Idempotency-Key for this capture. */
export function captureSale(orderId: string, body: SaleCapture, idempotencyKey: string): Promise<Order> {
  return till.orders.capture(orderId, body as BodyOf<'/v1/orders/{id}/capture', 'post'>, { idempotencyKey });
}

/** Refund Order's body as the register sends it: the cash comes out of `cash_drawer_id`. */
export interface SaleRefund {
  amount?: number;
  items?: { line_item_id: string; quantity: number }[];
  reason?: Schemas['RefundReason'];
  cash_drawer_id?: string;
}

export function refundSale(orderId: string, body: SaleRefund): Promise<Refund> {
  return till.orders.refund(orderId, body as BodyOf<'/v1/orders/{id}/refund', 'post'>);
}

/** The cash parts of an order's payment: the cash and card amounts, the cash handed over and the change. */
export interface CashPayment {
  cash_amount: number;
  card_amount: number;
  cash_given: number | null;
  change_due: number | null;
  cash_drawer_id: string | null;
}

/** The payment's cash parts, or undefined before the payment has them (a pending order). */
export function cashPayment(order: Order): CashPayment | undefined {
  const payment = order.payment as (Order['payment'] & Partial<CashPayment>) | null;
  if (payment === null || payment.cash_amount === undefined) return undefined;
  return {
    cash_amount: payment.cash_amount,
    card_amount: payment.card_amount ?? order.total - payment.cash_amount,
    cash_given: payment.cash_given ?? null,
    change_due: payment.change_due ?? null,
    cash_drawer_id: payment.cash_drawer_id ?? null,
  };
}

/** The part of a refund paid back in cash (0 for one wholly to the card). */
export function refundCash(refund: Refund): number {
  return (refund as Refund & { cash_amount?: number }).cash_amount ?? 0;
}

export interface DrawerMovement {
  id: string;
  type: 'paid_in' | 'paid_out';
  amount: number;
  reason: string;
  created_by: string | null;
  created_at: string;
}

/** A person who opened or closed a drawer; null for an API key. */
export type DrawerPerson = { id: string; name?: string | null; email?: string | null } | null;

/** A drawer session of one register (`/v1/cash_drawers`). */
export interface CashDrawer {
  id: string;
  object: 'cash_drawer';
  register: string;
  status: 'open' | 'closed';
  currency: string;
  opening_float: number;
  cash_sales: number;
  cash_refunds: number;
  paid_in: number;
  paid_out: number;
  /** Live while open, fixed at close. */
  expected_cash: number;
  counted_cash: number | null;
  /** `counted_cash - expected_cash`; null while open. */
  over_short: number | null;
  opened_by: DrawerPerson;
  closed_by: DrawerPerson;
  opening_note: string | null;
  closing_note: string | null;
  opened_at: string;
  closed_at: string | null;
  movements: DrawerMovement[];
}

interface DrawerList {
  data: CashDrawer[];
  pagination: { page: number; per_page: number; total: number; has_more: boolean };
}

/** The cash drawers resource of the client. */
interface CashDrawersClient {
  list(query: { register?: string; status?: 'open' | 'closed'; page?: number; per_page?: number }): PromiseLike<DrawerList>;
  create(body: { register: string; opening_float: number; note?: string }): PromiseLike<CashDrawer>;
  retrieve(id: string): PromiseLike<CashDrawer>;
  createMovement(id: string, body: { type: 'paid_in' | 'paid_out'; amount: number; reason: string }): PromiseLike<CashDrawer>;
  close(id: string, body: { counted_cash: number; note?: string }): PromiseLike<CashDrawer>;
}

function drawers(): CashDrawersClient {
  const resource = (till as unknown as { cashDrawers?: CashDrawersClient }).cashDrawers;
  if (resource === undefined) throw new ApiFailure('This Till server has no cash drawers.', 404, 'route_not_found');
  return resource;
}

/** The open drawer of `register`, or undefined when it has none. */
export async function findOpenDrawer(register: string): Promise<CashDrawer | undefined> {
  const list = await drawers().list({ register, status: 'open', per_page: 1 });
  return list.data[0];
}

export const openDrawer = (register: string, openingFloat: number, note: string) =>
  Promise.resolve(drawers().create({ register, opening_float: openingFloat, ...(note.trim() === '' ? {} : { note: note.trim() }) }));
export const retrieveDrawer = (id: string) => Promise.resolve(drawers().retrieve(id));
export const addMovement = (id: string, type: 'paid_in' | 'paid_out', amount: number, reason: string) => Promise.resolve(drawers().createMovement(id, { type, amount, reason }));
export const closeDrawer = (id: string, countedCash: number, note: string) =>
  Promise.resolve(drawers().close(id, { counted_cash: countedCash, ...(note.trim() === '' ? {} : { note: note.trim() }) }));

/** Figures of one register (or of sales without one: `register` null) in the end-of-day report. */
export interface EndOfDayFigures {
  orders: number;
  sales: number;
  cash_sales: number;
  card_sales: number;
  tips: number;
  tax: number;
  refunds: number;
  cash_refunds: number;
  card_refunds: number;
  net: number;
  over_short: number | null;
}

export interface EndOfDayDrawer {
  id: string;
  opened_at: string;
  closed_at: string;
  expected_cash: number;
  counted_cash: number;
  over_short: number;
}

export interface EndOfDayRegister extends EndOfDayFigures {
  register: string | null;
  drawers: EndOfDayDrawer[];
}

export interface EndOfDayReport {
  date: string;
  time_zone: string;
  currency: string;
  registers: EndOfDayRegister[];
  totals: EndOfDayFigures;
}

interface ReportsClient {
  endOfDay(query: { date: string; time_zone: string; format?: 'json' | 'csv' }): PromiseLike<unknown>;
}

function reports(): ReportsClient {
  const resource = till.reports as unknown as Partial<ReportsClient>;
  if (typeof resource.endOfDay !== 'function') throw new ApiFailure('This Till server has no end-of-day report.', 404, 'route_not_found');
  return resource as ReportsClient;
}

export async function endOfDayReport(date: string, timeZone: string): Promise<EndOfDayReport> {
  return (await reports().endOfDay({ date, time_zone: timeZone })) as EndOfDayReport;
}

/** The report as CSV text, as the API writes it for a spreadsheet. */
export async function endOfDayCsv(date: string, timeZone: string): Promise<string> {
  return String(await reports().endOfDay({ date, time_zone: timeZone, format: 'csv' }));
}

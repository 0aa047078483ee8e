/**
 * Tenders: how a paid order's total splits between cash and a card, and how its refunds go back.
 *
 * - A cash order is paid all in cash: its `cash_amount` is its total (the tip included).
 * - A card order may be split (`cash_amount` on capture, 1 to the total less 1): the customer pays that
 *   part in cash and the card is charged the rest, `total - cash_amount`. It stays a card order.
 * - `cash_given` is the cash handed over, at least the cash part; `change_due = cash_given - cash_amount`.
 *   A card order that is not split takes none: no cash changes hands.
 * - A sale or refund rung up on a register names its open drawer (`cash_drawer_id`); the drawer's cash
 *   is its float plus the cash parts of its sales, less the cash parts of its refunds.
 * - A refund goes back to the card first, up to what the card paid less what was refunded to it before,
 *   and the rest in cash; a cash order's refunds are all cash.
 */
import type { Tenant } from '../auth/principal.js';
import { findDrawer } from '../db/cash-drawers/open-drawer.js';
import type { OrderChange } from '../db/orders/orders.js';
import type { OrderRow } from '../db/schema.js';
import type { DbTransaction } from '../db/transaction.js';
import { ApiError, notFound } from '../errors.js';

/** What a capture records of the cash: the cash part of the total and the cash handed over. */
export interface Tender {
  /** The part of the total paid in cash: the whole total for a cash order, the split's part for a card order, else 0. */
  cashAmount: number;
  cashGiven: number | null;
}

/** The capture's cash fields, as sent (or, finishing a 3-D Secure challenge, as the challenged attempt sent them). */
export interface TenderInput {
  cash_amount?: number | undefined;
  cash_given?: number | undefined;
}

/**
 * The tender of a capture of `order` for `total` (the order's total with the capture's tip), checked:
 * 400 `parameter_invalid` on the field at fault. The drawer is checked apart (`drawerForSale`).
 */
export function captureTender(order: OrderRow, total: number, input: TenderInput): Tender {
  const given = input.cash_given ?? null;
  if (order.payment_method === 'cash') {
    if (input.cash_amount !== undefined) {
      throw new ApiError('parameter_invalid', "A cash order is paid all in cash: its cash part is its total. `cash_amount` splits a card order's total.", 'cash_amount');
    }
    if (given !== null && given < total) {
      throw new ApiError('parameter_invalid', `The cash given must be at least the order's total, ${total} (the tip included).`, 'cash_given');
    }
    return { cashAmount: total, cashGiven: given };
  }
  const cash = input.cash_amount;
  if (cash === undefined) {
    if (given !== null) {
      throw new ApiError('parameter_invalid', 'No cash changes hands for a card order without a `cash_amount`: send `cash_given` with a cash order, or with the cash part of a split.', 'cash_given');
    }
    return { cashAmount: 0, cashGiven: null };
  }
  if (cash < 1 || cash > total - 1) {
    const range = total < 2 ? `This order's total, ${total}, cannot be split.` : `It must be between 1 and ${total - 1}, the order's total (the tip included) less 1.`;
    throw new ApiError('parameter_invalid', `\`cash_amount\` is the part of the total paid in cash; the card pays the rest. ${range}`, 'cash_amount');
  }
  if (given !== null && given < cash) {
    throw new ApiError('parameter_invalid', `The cash given must be at least the cash part, ${cash}.`, 'cash_given');
  }
  return { cashAmount: cash, cashGiven: given };
}

/** What a capture sets on the order besides the card's details: the tip, the total with it, the tender and the drawer. */
export function paidAmounts(order: OrderRow, tip: number, tender: Tender, cashDrawerId: string | null): Required<Pick<OrderChange, 'tip' | 'total' | 'cash_amount' | 'cash_given' | 'change_due' | 'cash_drawer_id'>> {
  const total = order.total + tip;
  const cashAmount = order.payment_method === 'cash' ? total : tender.cashAmount;
  return {
    tip,
    total,
    cash_amount: cashAmount,
    cash_given: tender.cashGiven,
    change_due: tender.cashGiven === null ? null : tender.cashGiven - cashAmount,
    cash_drawer_id: cashDrawerId,
  };
}

/**
 * The drawer a capture or refund names, held by the caller's transaction (`findDrawer`): 404 when the
 * tenant has none of this id, 422 `cash_drawer_closed` when it is closed.
 */
export async function openDrawer(trx: DbTransaction, tenant: Tenant, drawerId: string): Promise<string> {
  const drawer = await findDrawer(trx, tenant, drawerId);
  if (drawer === undefined) throw notFound('cash drawer', drawerId, 'cash_drawer_id');
  if (drawer.status !== 'open') {
    throw new ApiError('cash_drawer_closed', `Cash drawer '${drawerId}' (register ${drawer.register}) is closed. Name the open drawer of the register.`, 'cash_drawer_id');
  }
  return drawer.id;
}

/** The drawer a refund's cash comes out of: the one named (checked as `openDrawer` does), else the order's while it is open, else none. */
export async function refundDrawer(trx: DbTransaction, tenant: Tenant, order: OrderRow, named: string | undefined): Promise<string | null> {
  if (named !== undefined) return openDrawer(trx, tenant, named);
  if (order.cash_drawer_id === null) return null;
  const drawer = await findDrawer(trx, tenant, order.cash_drawer_id);
  return drawer?.status === 'open' ? drawer.id : null;
}

/**
 * How a refund of `amount` splits: the card first, up to what it paid (`total - cash_amount`) less what
 * was refunded to it before, the rest in cash. Every refund splits so, so what went back to the card
 * before is `min(refunded_amount, card paid)`: no refund pays cash while the card has money left.
 */
export function refundTender(order: Pick<OrderRow, 'total' | 'cash_amount' | 'refunded_amount'>, amount: number): { card: number; cash: number } {
  const cardPaid = order.total - order.cash_amount;
  const cardLeft = Math.max(0, cardPaid - order.refunded_amount);
  const card = Math.min(amount, cardLeft);
  return { card, cash: amount - card };
}

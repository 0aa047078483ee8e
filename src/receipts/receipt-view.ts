/**
 * A receipt as words and amounts, ready to lay out: the shop's heading, each line with its details,
 * the totals, the payment by tender, the refunds and the footer, every amount formatted. The hosted
 * page, the e-mail (HTML and plain text) and the dashboard's print view all lay out this one view, so
 * they say the same thing in the same words.
 *
 * Imports nothing: the dashboard bundles this file as it is (it runs in the browser and on the server).
 */

/** The fields of a receipt (the API's `Receipt`) that the view reads. */
export interface ReceiptData {
  number: number;
  status: string;
  currency: string;
  shop: {
    name: string;
    address: { line1: string | null; line2: string | null; city: string | null; region: string | null; postal_code: string | null; country: string | null } | null;
    tax_id: string | null;
    footer: string | null;
  };
  items: ReadonlyArray<{
    name: string;
    quantity: number;
    unit_price: number;
    total: number;
    discount: DiscountData | null;
    modifiers: ReadonlyArray<{ name: string; price_delta: number }>;
  }>;
  discounts: readonly DiscountData[];
  subtotal: number;
  tax: number;
  tax_included: boolean;
  tip: number;
  total: number;
  refunded_amount: number;
  payment: {
    method: string;
    card_brand: string | null;
    card_last4: string | null;
    cash_amount: number;
    card_amount: number;
    cash_given: number | null;
    change_due: number | null;
    paid_at: string;
  };
  refunds: ReadonlyArray<{ amount: number; cash_amount: number; created_at: string }>;
}

interface DiscountData {
  type: string;
  percentage_bps: number | null;
  amount: number;
  reason: string | null;
  code: string | null;
}

/** A row of figures: what it is (`key`, for styling and tests), its words and its amount. */
export interface ReceiptRow {
  key: string;
  label: string;
  amount: string;
}

export interface ReceiptLineView {
  name: string;
  /** "2 × $4.50" */
  quantity: string;
  total: string;
  /** The modifiers chosen: "Oat milk +$0.50". */
  modifiers: string[];
  /** The line's own discount: "25% off · Damaged box", "-$7.50". */
  discount: { label: string; amount: string } | null;
}

export interface ReceiptView {
  shop: { name: string; address: string[]; taxId: string | null };
  /** "Order #1042" */
  number: string;
  /** When it was paid, as the receipt prints it. */
  date: string;
  /** The same moment, ISO 8601, for a `<time datetime>`. */
  dateTime: string;
  /** "Refunded", "Partially refunded"; null for a paid order. */
  status: string | null;
  lines: ReceiptLineView[];
  /** Order discounts, subtotal, tax, tip, total. */
  totals: ReceiptRow[];
  /** Each tender and its amount, the cash given and the change. */
  payment: ReceiptRow[];
  /** Each refund, then what is left paid; empty without refunds. */
  refunds: ReceiptRow[];
  footer: string | null;
}

/** Amounts and dates are written the same way wherever the receipt is shown. */
const LOCALE = 'en-US';

const CARD_BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  cartes_bancaires: 'Cartes Bancaires',
  eftpos_au: 'eftpos',
  interac: 'Interac',
};

const STATUSES: Record<string, string> = { partially_refunded: 'Partially refunded', refunded: 'Refunded' };

/** An amount in the smallest unit of `currency`, written with its symbol: `formatAmount(1250, 'USD')` is "$12.50". */
export function formatAmount(amount: number, currency: string): string {
  const format = new Intl.NumberFormat(LOCALE, { style: 'currency', currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amount / 10 ** digits);
}

/** A moment as the receipt prints it, in `timeZone` (an IANA name; undefined: the runtime's own), with the zone's name: "Nov 25, 2026, 14:05 UTC". */
export function formatMoment(iso: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(LOCALE, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
    ...(timeZone === undefined ? {} : { timeZone }),
  }).format(new Date(iso));
}

/** The address as the lines of an envelope: street lines, then "City, Region Postal code", then the country. */
export function addressLines(address: ReceiptData['shop']['address']): string[] {
  if (address === null) return [];
  const place = [[address.city, address.region].filter(Boolean).join(', '), address.postal_code].filter(Boolean).join(' ');
  return [address.line1, address.line2, place, address.country].filter((line): line is string => line !== null && line !== '');
}

/** "10% off · code WELCOME10 · Welcome", "$5.00 off · Damaged box". */
export function describeDiscount(discount: DiscountData, currency: string): string {
  const what = discount.type === 'percentage' ? `${(discount.percentage_bps ?? 0) / 100}% off` : `${formatAmount(discount.amount, currency)} off`;
  return [what, discount.code === null ? null : `code ${discount.code}`, discount.reason].filter((part) => part !== null && part !== '').join(' · ');
}

/** "Visa •••• 4242", or "Card" when the card is not known. */
function cardLabel(brand: string | null, last4: string | null): string {
  const name = brand === null ? 'Card' : (CARD_BRANDS[brand] ?? brand.charAt(0).toUpperCase() + brand.slice(1));
  return last4 === null ? name : `${name} •••• ${last4}`;
}

/**
 * @example receiptView(receipt, { timeZone: 'UTC' }).totals // [{key: 'subtotal', label: 'Subtotal', amount: '$12.00'}, ...]
 */
export function receiptView(receipt: ReceiptData, options: { timeZone?: string } = {}): ReceiptView {
  const money = (amount: number) => formatAmount(amount, receipt.currency);
  // Money taken off or given back, with its minus sign (none on a zero: "$0.00", not "-$0.00").
  const minus = (amount: number) => money(amount === 0 ? 0 : -amount);
  const { payment } = receipt;
  const totals: ReceiptRow[] = receipt.discounts.map((discount) => ({ key: 'order_discount', label: `Discount: ${describeDiscount(discount, receipt.currency)}`, amount: minus(discount.amount) }));
  totals.push({ key: 'subtotal', label: receipt.tax_included ? 'Subtotal (excl. tax)' : 'Subtotal', amount: money(receipt.subtotal) });
  totals.push({ key: 'tax', label: receipt.tax_included ? 'Tax (included in prices)' : 'Tax', amount: money(receipt.tax) });
  if (receipt.tip > 0) totals.push({ key: 'tip', label: 'Tip', amount: money(receipt.tip) });
  totals.push({ key: 'total', label: 'Total', amount: money(receipt.total) });

  const tenders: ReceiptRow[] = [];
  if (payment.card_amount > 0) tenders.push({ key: 'card', label: cardLabel(payment.card_brand, payment.card_last4), amount: money(payment.card_amount) });
  if (payment.cash_amount > 0) tenders.push({ key: 'cash', label: 'Cash', amount: money(payment.cash_amount) });
  if (tenders.length === 0) tenders.push(payment.method === 'cash' ? { key: 'cash', label: 'Cash', amount: money(0) } : { key: 'card', label: cardLabel(payment.card_brand, payment.card_last4), amount: money(0) });
  if (payment.cash_given !== null) tenders.push({ key: 'cash_given', label: 'Cash given', amount: money(payment.cash_given) });
  if (payment.change_due !== null) tenders.push({ key: 'change_due', label: 'Change', amount: money(payment.change_due) });

  const refunds: ReceiptRow[] = receipt.refunds.map((refund) => {
    const to = refund.cash_amount === 0 ? 'to the card' : refund.cash_amount === refund.amount ? 'in cash' : 'to the card and in cash';
    return { key: 'refund', label: `Refunded ${to}, ${formatMoment(refund.created_at, options.timeZone)}`, amount: minus(refund.amount) };
  });
  if (refunds.length > 0) refunds.push({ key: 'net', label: 'Paid after refunds', amount: money(receipt.total - receipt.refunded_amount) });

  return {
    shop: { name: receipt.shop.name, address: addressLines(receipt.shop.address), taxId: receipt.shop.tax_id },
    number: `Order #${receipt.number}`,
    date: formatMoment(payment.paid_at, options.timeZone),
    dateTime: payment.paid_at,
    status: STATUSES[receipt.status] ?? null,
    lines: receipt.items.map((item) => ({
      name: item.name,
      quantity: `${item.quantity} × ${money(item.unit_price)}`,
      total: money(item.total),
      modifiers: item.modifiers.map((modifier) => (modifier.price_delta === 0 ? modifier.name : `${modifier.name} ${modifier.price_delta > 0 ? '+' : '−'}${money(Math.abs(modifier.price_delta))}`)),
      discount: item.discount === null ? null : { label: describeDiscount(item.discount, receipt.currency), amount: minus(item.discount.amount) },
    })),
    totals,
    payment: tenders,
    refunds,
    footer: receipt.shop.footer,
  };
}

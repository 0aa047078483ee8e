/** Amounts in the smallest currency unit, shown in the merchant's currency with its own exponent. */
export function formatMoney(amount: number, currency: string): string {
  const format = new Intl.NumberFormat(undefined, { style: 'currency', currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amount / 10 ** digits);
}

/** The exponent of a currency: 2 for USD, 0 for JPY, 3 for BHD. */
export function minorUnitDigits(currency: string): number {
  return new Intl.NumberFormat(undefined, { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/** A decimal amount typed by a person ("12.50") in the smallest unit, or undefined when it is not one. */
export function parseMoney(text: string, currency: string): number | undefined {
  const digits = minorUnitDigits(currency);
  const pattern = digits === 0 ? /^\d+$/ : new RegExp(`^\\d+(\\.\\d{1,${digits}})?$`);
  const trimmed = text.trim();
  if (!pattern.test(trimmed)) return undefined;
  const [whole, fraction = ''] = trimmed.split('.');
  return Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
}

/** The smallest-unit amount as the decimal text a person edits. */
export function moneyInput(amount: number, currency: string): string {
  const digits = minorUnitDigits(currency);
  return digits === 0 ? String(amount) : (amount / 10 ** digits).toFixed(digits);
}

/** A modifier option as a line shows it: "Oat milk +0.50", "Skimmed −0.10", or the name alone when it costs nothing. */
export function formatModifier(option: { name: string; price_delta: number }, currency: string): string {
  if (option.price_delta === 0) return option.name;
  return `${option.name} ${option.price_delta > 0 ? '+' : '\u2212'}${moneyInput(Math.abs(option.price_delta), currency)}`;
}

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** The day alone ("Nov 25"), where a phone's row has no room for the year and time. */
export function formatShortDate(iso: string): string {
  return new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' }).format(new Date(iso));
}

export const STATUS_LABELS: Record<string, string> = {
  pending: 'Pending',
  paid: 'Paid',
  partially_refunded: 'Partially refunded',
  refunded: 'Refunded',
  canceled: 'Canceled',
};

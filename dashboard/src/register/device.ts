/**
 * What this device knows of itself: the code of the register it is (chosen once, kept in
 * localStorage: "R1", "front-1"), and the orders it sold today, so that "Today's sales" can show this
 * register's sales first (List Orders has no filter by register; each order also carries the code in
 * its `metadata.register`).
 */
import { createStore } from './store';

const CODE_KEY = 'till.register.code';
/** A register's code as the cash drawers API takes it: 1 to 20 letters, digits, `-` and `_`. */
export const REGISTER_CODE = /^[A-Za-z0-9_-]{1,20}$/;

function readCode(): string | null {
  try {
    const code = localStorage.getItem(CODE_KEY);
    return code !== null && REGISTER_CODE.test(code) ? code : null;
  } catch {
    return null;
  }
}

export const registerCode = createStore<string | null>(readCode(), (code) => {
  try {
    if (code === null) localStorage.removeItem(CODE_KEY);
    else localStorage.setItem(CODE_KEY, code);
  } catch {
    // Storage refused: the code holds until the page is closed.
  }
});

/** The local calendar day, YYYY-MM-DD. */
export function localDay(at = new Date()): string {
  return `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;
}

/** The start of today on this device's clock, as an ISO instant (List Orders' `created_at_min`). */
export function startOfToday(): string {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth(), now.getDate()).toISOString();
}

const soldKey = (scope: string) => `till.register.sold.${scope}`;

/** The ids of the orders this device sold today (for the merchant's data set `scope`). */
export function soldToday(scope: string): string[] {
  try {
    const saved = JSON.parse(localStorage.getItem(soldKey(scope)) ?? 'null') as { day: string; ids: string[] } | null;
    return saved !== null && saved.day === localDay() && Array.isArray(saved.ids) ? saved.ids : [];
  } catch {
    return [];
  }
}

export function rememberSold(scope: string, orderId: string): void {
  const ids = soldToday(scope);
  if (ids.includes(orderId)) return;
  try {
    localStorage.setItem(soldKey(scope), JSON.stringify({ day: localDay(), ids: [...ids, orderId] }));
  } catch {
    // Storage refused: the list shows every register's sales instead.
  }
}

/**
 * The dashboard in headless Chromium: one browser per test file, a fresh context (so fresh memory:
 * no tokens) per person, and the watchers every test checks at the end: no request to another
 * origin, no script or policy error.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { DASHBOARD_FILES } from '../../src/dashboard/routes.js';

export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
export const BROWSER_SKIP = existsSync(CHROMIUM) ? false : `the dashboard browser tests need Chromium at ${CHROMIUM} (Debian: apt-get install -y chromium)`;

export function launchBrowser(): Promise<Browser> {
  assert.ok(existsSync(`${DASHBOARD_FILES}index.html`), 'the dashboard is built (npm run build)');
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

export interface Watched {
  context: BrowserContext;
  page: Page;
  /** Every URL the page requested. */
  requests: string[];
  /** Answers of the API to the page: method, path, status. */
  responses: { method: string; path: string; status: number }[];
  /** Script errors and console errors, except the failed loads a test provokes on purpose (`expectedStatuses`). */
  errors: string[];
}

export async function openContext(browser: Browser, options: { width?: number; height?: number; expectedStatuses?: number[] } = {}): Promise<Watched> {
  const context = await browser.newContext({ viewport: { width: options.width ?? 1280, height: options.height ?? 800 }, locale: 'en-US', timezoneId: 'UTC' });
  const page = await context.newPage();
  const watched: Watched = { context, page, requests: [], responses: [], errors: [] };
  const expected = new RegExp(`status of (${(options.expectedStatuses ?? []).join('|') || 'none'}) `);
  page.on('request', (request) => watched.requests.push(request.url()));
  page.on('response', (response) => {
    const url = new URL(response.url());
    watched.responses.push({ method: response.request().method(), path: url.pathname, status: response.status() });
  });
  page.on('pageerror', (error) => watched.errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !expected.test(message.text())) watched.errors.push(message.text());
  });
  return watched;
}

/** The checks every page of every test passes. */
export function assertClean(watched: Watched, origin: string): void {
  assert.deepEqual(watched.errors, [], 'no script, console or policy errors');
  assert.deepEqual(
    watched.requests.filter((url) => new URL(url).origin !== origin && !url.startsWith('data:')),
    [],
    'no request to another origin',
  );
}

/** Signs in on Till's sign-in page (where the dashboard sends a browser without tokens). */
export async function signInOnPage(page: Page, email: string, password: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === '/oauth/authorize');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/dashboard') && url.pathname !== '/dashboard/callback');
}

/**
 * Signs in with a temporary password (one an admin chose): Till's sign-in page then asks for the
 * user's own password, twice, before sending the browser back to the dashboard.
 */
export async function signInWithTemporaryPassword(page: Page, email: string, temporary: string, chosen: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === '/oauth/authorize');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(temporary);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Choose a new password', level: 1 }).waitFor();
  await page.getByLabel('New password', { exact: true }).fill(chosen);
  await page.getByLabel('New password again').fill(chosen);
  await page.getByRole('button', { name: 'Set the password' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/dashboard') && url.pathname !== '/dashboard/callback');
}

/** Whether the page scrolls sideways. */
export async function scrollsSideways(page: Page): Promise<boolean> {
  const [scroll, client] = (await page.evaluate('[document.documentElement.scrollWidth, document.documentElement.clientWidth]')) as [number, number];
  return scroll > client;
}

/** The id (or tag name) of the element with the keyboard focus. Evaluated as text: the tests compile without the DOM types. */
export function focused(page: Page): Promise<string> {
  return page.evaluate('document.activeElement ? (document.activeElement.id || document.activeElement.textContent.trim() || document.activeElement.tagName.toLowerCase()) : ""') as Promise<string>;
}

/** The controls on screen that have no name for a screen reader: no label, no aria-label, no text. */
export function unlabelledControls(page: Page): Promise<string[]> {
  return page.evaluate(`[...document.querySelectorAll('input:not([type=hidden]), select, textarea, button, a')]
    .filter((el) => el.getClientRects().length > 0)
    .filter((el) => {
      const labels = el.labels ? [...el.labels].map((label) => label.textContent).join('') : '';
      const name = labels || el.getAttribute('aria-label') || (el.tagName === 'BUTTON' || el.tagName === 'A' ? el.textContent : '');
      return !name || name.trim() === '';
    })
    .map((el) => el.outerHTML.slice(0, 160))`) as Promise<string[]>;
}

/**
 * Types `keys` (digits, and `\n` for Enter) as a keyboard does, each key stamped `gapMs` after the
 * one before: a barcode scanner at 5 ms a key, a person at 120. The stamps are the keys' own
 * (`KeyboardEvent.timeStamp`, which the register's scanner reads), set through the DevTools
 * protocol, so a busy machine that delivers them late does not turn a scan into typing.
 */
export async function typeKeys(page: Page, keys: string, gapMs: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const start = Date.now() / 1000;
    for (const [i, key] of [...keys].entries()) {
      const at = start + (i * gapMs) / 1000;
      const stroke = key === '\n' ? { key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13, text: '\r' } : { key, code: `Digit${key}`, windowsVirtualKeyCode: key.charCodeAt(0), text: key };
      await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', ...stroke, timestamp: at });
      await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key: stroke.key, code: stroke.code, windowsVirtualKeyCode: stroke.windowsVirtualKeyCode, timestamp: at + 0.001 });
    }
  } finally {
    await cdp.detach();
  }
}

/** A barcode scanner's keys: the code's digits and Enter, 5 ms apart. */
export const scanBarcode = (page: Page, code: string) => typeKeys(page, `${code}\n`, 5);

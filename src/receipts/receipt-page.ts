/**
 * The hosted receipt page (`GET /r/<token>`) and its "not found" page: server-rendered HTML with no
 * script, readable on a phone, printable on 80 mm receipt paper (`receipt.css`). Served to anyone
 * holding the link, so it is kept out of caches, search engines and other sites' `Referer`.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { escapeHtml, receiptHtml } from './receipt-html.js';
import type { ReceiptView } from './receipt-view.js';

/**
 * The receipt's style sheet, shared with the dashboard's bundle. Two levels up from both
 * `src/receipts/` and `dist/receipts/` is the package root, where the source file is.
 */
export const RECEIPT_CSS = readFileSync(new URL('../../src/receipts/receipt.css', import.meta.url), 'utf8');

/** The page around the receipt: a sheet of paper on a grey table on screen, nothing but the receipt on paper. */
const PAGE_CSS = `${RECEIPT_CSS}
:root { color-scheme: light; }
body { margin: 0; padding: 1rem 0.5rem 2rem; background: #e8e8e4; }
.receipt { box-shadow: 0 1px 4px rgba(0, 0, 0, 0.25); }
.receipt-missing { max-width: 24rem; margin: 2rem auto; padding: 1.5rem; background: #fff; color: #111; font: 16px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
.receipt-missing h1 { margin: 0 0 0.5rem; font-size: 1.3rem; }
@media print {
  body { padding: 0; background: #fff; }
  .receipt { box-shadow: none; }
}
`;

/** Headers of the receipt pages: no script, style or frame from anywhere but this style; not cached, not indexed, no referrer. */
export const RECEIPT_PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': `default-src 'none'; style-src 'sha256-${createHash('sha256').update(PAGE_CSS).digest('base64')}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
  'x-robots-tag': 'noindex',
} as const;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${PAGE_CSS}</style>
</head>
<body>
${body}
</body>
</html>
`;
}

/** The hosted receipt. */
export function receiptPage(view: ReceiptView): string {
  return page(`Receipt: ${view.shop.name}, ${view.number}`, `<main class="receipt-sheet">\n${receiptHtml(view)}\n</main>`);
}

/** The answer to a link that names no receipt. */
export function receiptMissingPage(): string {
  return page(
    'Receipt not found',
    '<main class="receipt-missing">\n<h1>Receipt not found</h1>\n<p>This receipt link is not valid. Check that it was copied whole, or ask the shop for a new one.</p>\n</main>',
  );
}

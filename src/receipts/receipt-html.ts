/**
 * The receipt's markup: one HTML fragment for the hosted page (`/r/<token>`), the e-mail's HTML part
 * and the dashboard's print view, styled by `receipt.css`. Every text in it (the shop's name,
 * address, tax id and footer, product, modifier and discount names) is escaped here, so a merchant's
 * or customer's text is shown as text, never read as markup.
 *
 * Imports nothing: the dashboard bundles this file as it is.
 */
import type { ReceiptRow, ReceiptView } from './receipt-view.js';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text for HTML content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** A table of figures: each row's words, then its amount, the row named by its key (`data-figure`). */
function figures(rows: readonly ReceiptRow[], className: string, label: string): string {
  if (rows.length === 0) return '';
  const body = rows
    .map((row) => `<tr class="receipt-${escapeHtml(row.key.replace(/_/g, '-'))}" data-figure="${escapeHtml(row.key)}"><th scope="row">${escapeHtml(row.label)}</th><td class="receipt-amount">${escapeHtml(row.amount)}</td></tr>`)
    .join('\n');
  return `<table class="${className}" aria-label="${escapeHtml(label)}">\n<tbody>\n${body}\n</tbody>\n</table>`;
}

/**
 * The receipt as an `<article class="receipt">`.
 *
 * @example `<main class="receipt-sheet">${receiptHtml(receiptView(receipt, { timeZone: 'UTC' }))}</main>`
 */
export function receiptHtml(view: ReceiptView): string {
  const shop = [
    `<h1 class="receipt-name">${escapeHtml(view.shop.name)}</h1>`,
    view.shop.address.length === 0 ? '' : `<p class="receipt-address">${view.shop.address.map(escapeHtml).join('<br>')}</p>`,
    view.shop.taxId === null ? '' : `<p class="receipt-tax-id">Tax ID: ${escapeHtml(view.shop.taxId)}</p>`,
  ].filter((part) => part !== '');
  const lines = view.lines
    .map((line) => {
      const details = [
        `<span class="receipt-detail">${escapeHtml(line.quantity)}</span>`,
        ...line.modifiers.map((modifier) => `<span class="receipt-detail receipt-modifier">${escapeHtml(modifier)}</span>`),
      ].join('');
      const item = `<tr class="receipt-line"><th scope="row"><span class="receipt-item">${escapeHtml(line.name)}</span>${details}</th><td class="receipt-amount">${escapeHtml(line.total)}</td></tr>`;
      if (line.discount === null) return item;
      return `${item}\n<tr class="receipt-line-discount" data-line-discount><th scope="row"><span class="receipt-detail">${escapeHtml(line.discount.label)}</span></th><td class="receipt-amount">${escapeHtml(line.discount.amount)}</td></tr>`;
    })
    .join('\n');
  return [
    '<article class="receipt" aria-label="Receipt">',
    `<header class="receipt-shop">\n${shop.join('\n')}\n</header>`,
    `<p class="receipt-meta"><span class="receipt-number">${escapeHtml(view.number)}</span><br><time datetime="${escapeHtml(view.dateTime)}">${escapeHtml(view.date)}</time></p>`,
    view.status === null ? '' : `<p class="receipt-status">${escapeHtml(view.status)}</p>`,
    `<table class="receipt-lines" aria-label="Items">\n<tbody>\n${lines}\n</tbody>\n</table>`,
    figures(view.totals, 'receipt-totals', 'Totals'),
    figures(view.payment, 'receipt-payment', 'Payment'),
    figures(view.refunds, 'receipt-refunds', 'Refunds'),
    view.footer === null ? '' : `<p class="receipt-footer">${escapeHtml(view.footer)}</p>`,
    '</article>',
  ]
    .filter((part) => part !== '')
    .join('\n');
}

/**
 * The e-mailed receipt: a plain-text part (the receipt in 40 columns, then the link) and an HTML part
 * (the receipt as the hosted page shows it, then the link), both carrying the link of the hosted page.
 */
import type { MailMessage } from '../mail/mailer.js';
import { escapeHtml, receiptHtml } from './receipt-html.js';
import { RECEIPT_CSS } from './receipt-page.js';
import type { ReceiptRow, ReceiptView } from './receipt-view.js';

/** The width of the plain-text receipt, in characters: what a phone shows without wrapping. */
const WIDTH = 40;
const RULE = '-'.repeat(WIDTH);

/** `text` in lines of at most WIDTH characters, each starting with `indent`, broken between words (inside a word longer than a line). */
function wrap(text: string, indent = ''): string[] {
  const room = WIDTH - indent.length;
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (let word of paragraph.split(/\s+/).filter((w) => w !== '')) {
      while (word.length > room) {
        if (line !== '') lines.push(line);
        lines.push(word.slice(0, room));
        word = word.slice(room);
        line = '';
      }
      if (line === '') line = word;
      else if (line.length + 1 + word.length <= room) line = `${line} ${word}`;
      else {
        lines.push(line);
        line = word;
      }
    }
    lines.push(line);
  }
  return lines.map((line) => `${indent}${line}`);
}

/** Words and an amount, the amount flush right on the words' last line, or on a line of its own when it does not fit there. */
function textRow(label: string, amount: string, indent = ''): string {
  const lines = wrap(label, indent);
  const last = lines.pop()!;
  const end = last.length + 1 + amount.length <= WIDTH ? `${last}${' '.repeat(WIDTH - last.length - amount.length)}${amount}` : `${last}\n${amount.padStart(WIDTH)}`;
  return [...lines, end].join('\n');
}

const rows = (list: readonly ReceiptRow[]) => list.map((row) => textRow(row.label, row.amount));

/** The receipt as plain text. */
export function receiptText(view: ReceiptView): string {
  const lines = view.lines.flatMap((line) => [
    textRow(line.name, line.total),
    ...wrap(line.quantity, '  '),
    ...line.modifiers.flatMap((modifier) => wrap(modifier, '  ')),
    ...(line.discount === null ? [] : [textRow(line.discount.label, line.discount.amount, '  ')]),
  ]);
  return [
    ...wrap(view.shop.name),
    ...view.shop.address.flatMap((line) => wrap(line)),
    ...(view.shop.taxId === null ? [] : wrap(`Tax ID: ${view.shop.taxId}`)),
    '',
    view.number,
    view.date,
    ...(view.status === null ? [] : [view.status.toUpperCase()]),
    RULE,
    ...lines,
    RULE,
    ...rows(view.totals),
    RULE,
    ...rows(view.payment),
    ...(view.refunds.length === 0 ? [] : [RULE, ...rows(view.refunds)]),
    ...(view.footer === null ? [] : [RULE, ...wrap(view.footer)]),
  ].join('\n');
}

/** Header text from the shop's name: no line breaks or other control characters. */
function headerText(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
}

const MAIL_CSS = `${RECEIPT_CSS}
body { margin: 0; padding: 16px 8px; background: #f1f1ee; color: #111; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif; }
.mail-note { max-width: 80mm; margin: 16px auto 0; text-align: center; }
`;

/**
 * The receipt mail to `to`, with the link of its hosted page. The link's token is the one of a
 * receipt link made for this mail: the outbox keeps the link without it (see `mail/mailer.ts`).
 */
export function receiptMail(to: string, view: ReceiptView, link: { url: string; token: string }, merchantId: string): MailMessage {
  const shop = headerText(view.shop.name);
  const text = [`Your receipt from ${view.shop.name}.`, '', receiptText(view), '', 'See this receipt online, or print it:', link.url].join('\n');
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(`Receipt: ${view.shop.name}, ${view.number}`)}</title>
<style>${MAIL_CSS}</style>
</head>
<body>
${receiptHtml(view)}
<p class="mail-note"><a href="${escapeHtml(link.url)}">See this receipt online, or print it</a></p>
</body>
</html>
`;
  return {
    to,
    subject: `Your receipt from ${shop} (${view.number})`,
    text,
    html,
    links: [link.url],
    merchantId,
    token: { table: 'receipt_links', value: link.token },
  };
}

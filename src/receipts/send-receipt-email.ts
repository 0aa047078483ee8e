/**
 * Send Receipt E-mail: mails the receipt of a paid order, with a new link to its hosted page, to `to`
 * or else to the order's customer. The answer (202) comes first; the mail goes out after it, through
 * the mailer (SMTP_URL, or the log and the outbox), like account mail.
 */
import type { Principal } from '../auth/principal.js';
import { ApiError } from '../errors.js';
import type { MailMessage } from '../mail/mailer.js';
import { readOrder } from '../orders/order-view.js';
import type { Order } from '../orders/schemas.js';
import { seesCustomers } from '../orders/customer-fields.js';
import type { Services } from '../services.js';
import { isoNow } from '../time.js';
import { makeReceiptLink } from './create-receipt-link.js';
import { receiptMail } from './receipt-mail.js';
import { RECEIPT_TIME_ZONE, receiptOf } from './receipt-of.js';
import { receiptView } from './receipt-view.js';
import type { ReceiptEmail, SendReceiptEmailBody } from './schemas.js';

export async function sendReceiptEmail(services: Services, principal: Principal, orderId: string, input: SendReceiptEmailBody): Promise<ReceiptEmail> {
  const { clock, mailer, sessions, transaction } = services;
  const shop = await services.settings(principal.merchantId);
  // The transaction answers what the request answers (with an Idempotency-Key, that answer is what
  // is stored for a replay): the mail, which holds the link's token, is kept aside for after it.
  let mail: MailMessage | undefined;
  const answer = await transaction(async (trx): Promise<ReceiptEmail> => {
    const order = await readOrder(trx, principal, orderId);
    const receipt = receiptOf(order, shop);
    const to = input.to ?? customerEmail(order, principal);
    const link = await makeReceiptLink(trx, principal, order.id, isoNow(clock), sessions.issuer());
    mail = receiptMail(to, receiptView(receipt, { timeZone: RECEIPT_TIME_ZONE }), link, principal.merchantId);
    return { object: 'receipt_email', to, order_id: order.id };
  });
  const message = mail!;
  mailer.later('sending a receipt mail failed', () => mailer.send(message));
  return answer;
}

/**
 * The order's customer's e-mail, the default recipient; 400 `parameter_missing` on `to` when there is
 * none, or when the credential may not read customers (the answer would show the address).
 */
function customerEmail(order: Order, principal: Principal): string {
  if (!seesCustomers(principal.permissions)) {
    throw new ApiError('parameter_missing', "Send `to`: the order's customer's e-mail is used only for a credential with the customers:read permission.", 'to');
  }
  if (order.customer === null) throw new ApiError('parameter_missing', 'The order has no customer: send `to`, the address to send the receipt to.', 'to');
  const email = order.customer.email ?? null;
  if (email === null) throw new ApiError('parameter_missing', "The order's customer has no e-mail: send `to`, the address to send the receipt to.", 'to');
  return email;
}

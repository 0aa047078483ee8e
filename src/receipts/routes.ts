/**
 * The receipts endpoints: the receipt of a paid order, links to its hosted page, a receipt sent by
 * e-mail, and the hosted page itself (`GET /r/<token>`, public: the link is the credential).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AUTH_ERRORS, errorResponses, IDEMPOTENCY_ERRORS } from '../http/schemas.js';
import { createReceiptLink } from './create-receipt-link.js';
import { getReceipt, receiptOfLink } from './get-receipt.js';
import { RECEIPT_TIME_ZONE } from './receipt-of.js';
import { RECEIPT_PAGE_HEADERS, receiptMissingPage, receiptPage } from './receipt-page.js';
import { receiptView } from './receipt-view.js';
import { CreateReceiptLinkBody, OrderIdParams, Receipt, ReceiptEmail, ReceiptLink, SendReceiptEmailBody } from './schemas.js';
import { sendReceiptEmail } from './send-receipt-email.js';

const tags = ['Receipts'];

export const receiptRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/v1/orders/:id/receipt', {
    config: { scope: 'orders:read' },
    schema: {
      tags,
      operationId: 'getReceipt',
      summary: 'Get the receipt of an order',
      description:
        "The receipt of a paid order (`paid`, `partially_refunded` or `refunded`): the shop's name, address, tax id and receipt footer as the merchant's settings are now, the order's lines, discounts, subtotal, tax (`tax_included` when the prices included it), tip and total as the order was sold, the payment by tender (`card_amount`, `cash_amount`, `cash_given`, `change_due`) and the refunds. What a point-of-sale app prints; the hosted page, the e-mail and the dashboard print the same. No customer details. A pending or canceled order is 422 `order_not_paid`.",
      params: OrderIdParams,
      response: { 200: Receipt, ...errorResponses(...AUTH_ERRORS, 'resource_not_found', 'order_not_paid') },
    },
    handler: (request) => getReceipt(request.services, request.principal, request.params.id),
  });

  app.post('/v1/orders/:id/receipt_links', {
    config: { scope: 'orders:write', idempotent: false },
    schema: {
      tags,
      operationId: 'createReceiptLink',
      summary: 'Create a receipt link',
      description:
        "A new link to the hosted receipt page of a paid order: `url` is `PUBLIC_URL` (or the server's own address) followed by `/r/` and `token`, 32 random base62 characters. Anyone with the link reads the receipt, without a credential (for a QR code on a printed receipt, a text message...), so share it with the customer only. The token is shown in this answer only: Till keeps its SHA-256, so a lost link cannot be shown again; make another. Each call makes a new link; earlier links keep working. Ignores `Idempotency-Key`, so that the token is never stored for a replay. A pending or canceled order is 422 `order_not_paid`.",
      params: OrderIdParams,
      body: CreateReceiptLinkBody,
      response: { 201: ReceiptLink, ...errorResponses(...AUTH_ERRORS, 'resource_not_found', 'order_not_paid') },
    },
    handler: async (request, reply) => {
      reply.code(201);
      return createReceiptLink(request.services, request.principal, request.params.id);
    },
  });

  app.post('/v1/orders/:id/receipt_emails', {
    config: { scope: 'orders:write' },
    schema: {
      tags,
      operationId: 'sendReceiptEmail',
      summary: 'E-mail a receipt',
      description:
        "Sends the receipt of a paid order by e-mail to `to`, or, without it, to the order's customer's e-mail (which only a credential with `customers:read` may use; without one, or without a customer e-mail, `to` is required: 400 `parameter_missing`). The mail has a plain-text and an HTML part, both with a new link to the hosted receipt page (made for the mail: see Create Receipt Link). Answers 202 at once; the mail goes out after the answer, through `SMTP_URL` (without it, to the log and the outbox, where `till mail list` shows its link once, with a new token). A retry with the same `Idempotency-Key` sends nothing more. A pending or canceled order is 422 `order_not_paid`.",
      params: OrderIdParams,
      body: SendReceiptEmailBody,
      response: { 202: ReceiptEmail, ...errorResponses(...AUTH_ERRORS, ...IDEMPOTENCY_ERRORS, 'parameter_missing', 'resource_not_found', 'order_not_paid') },
    },
    handler: async (request, reply) => {
      reply.code(202);
      return sendReceiptEmail(request.services, request.principal, request.params.id, request.body);
    },
  });

  // The hosted receipt: no credential (the token in the path is one), HTML for a person.
  app.get<{ Params: { token: string } }>('/r/:token', { schema: { hide: true }, config: { public: true } }, async (request, reply) => {
    const receipt = await receiptOfLink(request.services, request.params.token);
    reply.headers(RECEIPT_PAGE_HEADERS);
    if (receipt === undefined) return reply.code(404).send(receiptMissingPage());
    return reply.send(receiptPage(receiptView(receipt, { timeZone: RECEIPT_TIME_ZONE })));
  });
};

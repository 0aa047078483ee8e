/**
 * Table types. Insert, select and update types all come from these interfaces.
 *
 * Every tenant table carries `merchant_id` first in its primary key and `environment` in every index,
 * so that the data can later be distributed by merchant (e.g. on Citus) without a rewrite: every query
 * of a request names the merchant it runs for.
 *
 * Conventions on both databases: money is a 64-bit integer in the smallest currency unit; timestamps
 * are ISO 8601 UTC text with milliseconds; booleans are 0/1 integers; JSON is text.
 */
import type { ColumnType, Generated, Selectable } from 'kysely';

export type Environment = 'sandbox' | 'production';
export const ENVIRONMENTS: readonly Environment[] = ['sandbox', 'production'];

// Each enumeration is one list; its type, the API's schema and the dashboard's types derive from it.
export const ORDER_STATUSES = ['pending', 'paid', 'partially_refunded', 'refunded', 'canceled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const PAYMENT_METHODS = ['card', 'cash'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const REFUND_REASONS = ['customer_request', 'duplicate', 'fraudulent', 'other'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

export const ROLES = ['admin', 'manager', 'cashier'] as const;
export type Role = (typeof ROLES)[number];

export interface MerchantsTable {
  id: string;
  name: string;
  email: string;
  currency: string;
  tax_rate_bps: number;
  /** 1 when line prices include tax, 0 when tax is added on top. */
  prices_include_tax: ColumnType<number, number | undefined, number>;
  /** JSON object (line1, line2, city, region, postal_code, country), null without an address. */
  address: ColumnType<string | null, string | null | undefined, string | null>;
  tax_id: ColumnType<string | null, string | null | undefined, string | null>;
  receipt_footer: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
  updated_at: string;
}

export interface UsersTable {
  id: string;
  merchant_id: string;
  email: string;
  password_hash: string;
  role: Role;
  created_at: string;
  updated_at: string;
  removed_at: string | null;
  /** 1 while the password is one an admin or operator chose: the user must choose their own at the next sign-in. */
  must_change_password: ColumnType<number, number | undefined, number>;
}

export interface ApiKeysTable {
  id: string;
  merchant_id: string;
  environment: Environment;
  name: string;
  /** SHA-256 (hex) of the whole key; the key itself is never stored. */
  key_hash: string;
  last4: string;
  /** JSON array of scope strings. */
  permissions: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export interface ProductsTable {
  merchant_id: string;
  environment: Environment;
  id: string;
  name: string;
  price: number;
  currency: string;
  /** null: stock is not tracked. */
  inventory: number | null;
  active: number;
  /** Unique per merchant and environment where not null (`products_sku`). */
  sku: string | null;
  /** Unique per merchant and environment where not null (`products_barcode`). */
  barcode: string | null;
  category: string | null;
  created_at: string;
  updated_at: string;
  /** On a production product made by Copy from Sandbox: the sandbox product it copies; else null. */
  copied_from_product_id: string | null;
  /** JSON array of the product's modifier groups (`ModifierGroup`); `[]` without any. */
  modifier_groups: string;
}

export interface CustomersTable {
  merchant_id: string;
  environment: Environment;
  id: string;
  name: string;
  email: string | null;
  /** `+` and digits only: separators are removed before it is stored. */
  phone: string | null;
  note: string | null;
  created_at: string;
  updated_at: string;
}

export interface OrdersTable {
  merchant_id: string;
  environment: Environment;
  id: string;
  /** The order's number per merchant and environment, from 1001 with no gap (`order_numbers`). */
  number: number;
  status: OrderStatus;
  customer_id: string | null;
  currency: string;
  subtotal: number;
  tax: number;
  /** The tip taken with the payment (not taxed); 0 until a capture with a tip. */
  tip: number;
  /** `subtotal + tax + tip`. */
  total: number;
  refunded_amount: number;
  items_count: number;
  payment_method: PaymentMethod;
  card_last4: string | null;
  /** The processor that took a card payment (`simulator`, `stripe`); null for cash and unpaid orders. */
  payment_processor: string | null;
  /** The processor's id of the payment (a Stripe PaymentIntent `pi_...`); null without one. */
  processor_payment_id: string | null;
  card_brand: string | null;
  paid_at: string | null;
  canceled_at: string | null;
  notes: string | null;
  /** JSON object of string values. */
  metadata: string;
  created_at: string;
  updated_at: string;
  /** JSON of the card dispute (`OrderDispute`); null without one. */
  dispute: string | null;
  /** JSON array of the order-level discounts (`AppliedDiscount`); `[]` without any. */
  discounts: string;
  /** All money off the order (line and order-level discounts). */
  discount_total: number;
  /** The part of the total paid in cash: all of it for a paid cash order, part for a split tender, else 0. */
  cash_amount: number;
  /** The cash the customer handed over; null when not told. */
  cash_given: number | null;
  /** `cash_given - cash_amount`; null when `cash_given` is. */
  change_due: number | null;
  /** The cash drawer (and so the register) the sale was rung up on; null for a sale made elsewhere. */
  cash_drawer_id: string | null;
}

export interface LineItemsTable {
  merchant_id: string;
  environment: Environment;
  id: string;
  order_id: string;
  position: number;
  product_id: string;
  name: string;
  quantity: number;
  unit_price: number;
  total: number;
  refunded_quantity: number;
  /** JSON of the line's own discount (`AppliedDiscount`); null without one. */
  discount: string | null;
  /** Money off this line from every discount (its own and its share of the order's). */
  discount_amount: number;
  /** JSON array of the modifier options sold on the line (`LineItemModifier`), frozen at sale; `[]` without any. */
  modifiers: string;
}

export interface DiscountCodesTable {
  merchant_id: string;
  environment: Environment;
  id: string;
  /** Upper-cased: codes match ignoring case. */
  code: string;
  type: 'percentage' | 'amount';
  percentage_bps: number | null;
  amount: number | null;
  reason: string | null;
  max_redemptions: number | null;
  times_redeemed: number;
  expires_at: string | null;
  active: number;
  created_at: string;
  updated_at: string;
}

export interface RefundsTable {
  merchant_id: string;
  environment: Environment;
  id: string;
  order_id: string;
  amount: number;
  currency: string;
  status: 'succeeded';
  reason: RefundReason;
  /** JSON array of `{line_item_id, quantity}`: the units that came back with this refund. */
  items: string;
  /** The processor's id of the refund (a Stripe Refund `re_...`); null for cash or the simulator. */
  processor_refund_id: string | null;
  created_at: string;
  /** The part of the refund paid back in cash. */
  cash_amount: number;
  /** The cash drawer the cash came out of; null when none was named. */
  cash_drawer_id: string | null;
}

/** A drawer session of one register: opened with a float, closed with the counted cash (`0024-cash-drawers`). */
export interface CashDrawersTable {
  merchant_id: string;
  environment: Environment;
  id: string;
  /** The register's code. At most one open drawer per register. */
  register: string;
  status: 'open' | 'closed';
  currency: string;
  opening_float: number;
  /** Fixed at close: float + cash sales - cash refunds + paid in - paid out. Null while open. */
  expected_cash: number | null;
  counted_cash: number | null;
  /** The user who opened or closed it; null for an API key. */
  opened_by: string | null;
  closed_by: string | null;
  opening_note: string | null;
  closing_note: string | null;
  opened_at: string;
  closed_at: string | null;
  updated_at: string;
}

/** Cash paid into or out of an open drawer, with a reason. */
export interface CashDrawerMovementsTable {
  merchant_id: string;
  environment: Environment;
  id: string;
  drawer_id: string;
  type: 'paid_in' | 'paid_out';
  amount: number;
  reason: string;
  created_by: string | null;
  created_at: string;
}

/** A hosted receipt page's link (`0025-receipt-links`): found by its token's hash, it names the order shown. */
export interface ReceiptLinksTable {
  merchant_id: string;
  environment: Environment;
  id: string;
  order_id: string;
  /** SHA-256 (hex) of the link's token; the token itself is never stored. */
  token_hash: string;
  created_at: string;
  /** The user who made the link; null for an API key. */
  created_by: string | null;
}

/** A money-moving call to a processor: committed `pending` before the call, settled after. */
export interface ProcessorCallsTable {
  merchant_id: string;
  environment: Environment;
  id: string;
  order_id: string;
  kind: 'capture' | 'refund';
  processor: string;
  /** Sent with the call; derived from Till's ids, so a repeat of the call is the same call. */
  idempotency_key: string;
  /** JSON of what the call sends (and, for a refund, what Till records once it succeeds). */
  request: string;
  status: 'pending' | 'succeeded' | 'failed';
  created_at: string;
  updated_at: string;
}

/** A Stripe event Till has applied (`POST /v1/processors/stripe/events`): a repeat of it is answered and ignored. */
export interface StripeEventsTable {
  merchant_id: string;
  environment: Environment;
  /** Stripe's event id (`evt_...`). */
  id: string;
  type: string;
  order_id: string;
  created_at: string;
}

export interface EventsTable {
  merchant_id: string;
  environment: Environment;
  id: string;
  type: string;
  /** JSON: the object the event is about, as the API showed it when the event happened. */
  data: string;
  created_at: string;
}

export type WebhookEndpointStatus = 'enabled' | 'disabled';
export type WebhookDeliveryStatus = 'pending' | 'succeeded' | 'failed';

export interface WebhookEndpointsTable {
  merchant_id: string;
  environment: Environment;
  id: string;
  url: string;
  description: string | null;
  /** JSON array of event types, or `["*"]`. */
  enabled_events: string;
  /** JSON object of string pairs. */
  metadata: string;
  status: WebhookEndpointStatus;
  /**
   * The signing secret (`whsec_...`). Till must sign with it, so it cannot be only hashed; it is
   * stored as is until an encryption key for stored secrets is configured.
   */
  secret: string;
  /** The secret before the last rotation, still signing until `previous_secret_expires_at`. */
  previous_secret: string | null;
  previous_secret_expires_at: string | null;
  /** Two more secrets of earlier rotations, each signing until its own expiry (up to three retiring at once). */
  previous_secret_2: string | null;
  previous_secret_2_expires_at: string | null;
  previous_secret_3: string | null;
  previous_secret_3_expires_at: string | null;
  /** The credential (`key_...`, `usr_...`) that last set `enabled_events`; null for endpoints made before it was kept. */
  created_by: string | null;
  /** JSON array of the permissions that credential held then; deliveries need them and the credential's current ones. */
  created_with: string | null;
  /** Attempts in a row that got no answer in time: from SLOW_AFTER_TIMEOUTS on, the endpoint is in the slow lane. */
  timeouts: Generated<number>;
  /** When the endpoint began failing every attempt (cleared by a success); 5 days of it disables the endpoint. */
  failing_since: string | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

/** One event to deliver to one endpoint: the transactional outbox, claimed by dispatchers with a lease. */
export type WebhookDeliveryOrigin = 'event' | 'resend' | 'test';

export interface WebhookDeliveriesTable {
  id: string;
  merchant_id: string;
  environment: Environment;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  /** The body to send when it is not a stored event's (the `ping` of a test delivery). */
  payload: string | null;
  /** `event` (queued with its event), `resend` or `test`: resends and tests have a budget of their own. */
  origin: Generated<WebhookDeliveryOrigin>;
  /** An order event sent with `customer` reduced to its id: the endpoint's credential cannot read customers. */
  hide_customer: Generated<number>;
  status: WebhookDeliveryStatus;
  attempts: number;
  next_attempt_at: string;
  /** Until when the dispatcher that claimed the delivery holds it; null when none does. */
  lease_until: string | null;
  lease_owner: string | null;
  created_at: string;
  updated_at: string;
}

/** One HTTP attempt of a delivery, as the delivery log shows it. */
export interface WebhookAttemptsTable {
  id: string;
  merchant_id: string;
  environment: Environment;
  endpoint_id: string;
  delivery_id: string;
  event_id: string;
  event_type: string;
  attempt: number;
  outcome: 'succeeded' | 'failed';
  response_status: number | null;
  response_body: string | null;
  duration_ms: number;
  error: string | null;
  next_retry_at: string | null;
  created_at: string;
}

export interface IdempotencyKeysTable {
  merchant_id: string;
  environment: Environment;
  key: string;
  /** SHA-256 of the method, path and canonical JSON body of the first request with this key. */
  request_hash: string;
  status: 'in_progress' | 'completed';
  response_status: number | null;
  /** JSON of the response body, replayed through the route's serializer. */
  response_body: string | null;
  created_at: string;
  /** When the request holding the key started; a key held longer than the lease is taken over. */
  locked_at: string;
}

export interface OAuthClientsTable {
  id: string;
  name: string;
  /** JSON array of the redirect URIs the client registered. */
  redirect_uris: string;
  created_at: string;
}

export interface SigningKeysTable {
  /** The `kid` of the tokens it signs. */
  id: string;
  algorithm: 'ES256';
  /** JSON Web Key, published in the JWKS. */
  public_jwk: string;
  /** JSON Web Key with its private part; never leaves the database and the server. */
  private_jwk: string;
  created_at: string;
  /** Set when a newer key took over signing; the key stays published until its last token expired. */
  retired_at: string | null;
}

/** One sign-in of a user through one OAuth client: the chain of refresh tokens and the access tokens it issued. */
export interface AuthSessionsTable {
  id: string;
  merchant_id: string;
  user_id: string;
  client_id: string;
  environment: Environment;
  created_at: string;
  /** When tokens were last issued to it: its start, or its last refresh. */
  last_used_at: string;
  /** The `User-Agent` of its last token request (at most 512 characters); null when none was sent. */
  user_agent: string | null;
  /** The client address of its last token request. */
  ip_address: string | null;
  revoked_at: string | null;
  revoked_reason: SessionEndReason | null;
}

/**
 * Why a sign-in ended: its user signed it out (or revoked its token), a refresh token or code was
 * presented twice, the user was removed, the user changed their password (every other sign-in), or an
 * admin signed the user out everywhere.
 */
export type SessionEndReason = 'signed_out' | 'refresh_token_reused' | 'code_reused' | 'user_removed' | 'password_changed' | 'signed_out_by_admin' | 'password_reset';

export interface RefreshTokensTable {
  /** SHA-256 (hex) of the token; the token itself is never stored. */
  token_hash: string;
  session_id: string;
  created_at: string;
  expires_at: string;
  /** When it was exchanged for its successor; a token is exchanged at most once. */
  rotated_at: string | null;
}

export interface AuthorizationCodesTable {
  /** SHA-256 (hex) of the code. */
  code_hash: string;
  client_id: string;
  user_id: string;
  environment: Environment;
  /** The redirect URI of the authorization request, which the token request must repeat exactly. */
  redirect_uri: string;
  /** PKCE S256 challenge: base64url(SHA-256(code_verifier)). */
  code_challenge: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  /** The sign-in the code was exchanged for, revoked if the code is presented again. */
  session_id: string | null;
}

/** Every message Till sent (or, without SMTP_URL, wrote to the log instead), newest read by `till mail list`. */
export interface MailOutboxTable {
  id: string;
  /** The merchant the message is about, when there is one (not for a sign-up). */
  merchant_id: string | null;
  recipient: string;
  subject: string;
  /** `log` (no SMTP_URL: `till mail list` shows the links once) or `smtp` (sent: the links are not kept). */
  transport: 'log' | 'smtp';
  /**
   * JSON array of the links of a message written to the log, the one-time token left out
   * (`{token}` in its place); empty for a message sent by SMTP.
   */
  links: string;
  /** The table of the token the links carry (`password_tokens`, `sign_up_requests`, `receipt_links`), until they are shown. */
  token_table: OutboxTokenTable | null;
  /** The SHA-256 of that token, as its row holds it, until the links are shown; then null. */
  token_hash: string | null;
  /** When `till mail list` showed the links (with a new token); null before. */
  shown_at: string | null;
  sent_at: string;
}

/** The tables of one-time tokens (used once, expiring) that a mailed link may carry. */
export type OneTimeTokenTable = 'password_tokens' | 'sign_up_requests';
/** The tables of the tokens a mailed link may carry: one-time ones, and receipt links (which neither expire nor get used up). */
export type OutboxTokenTable = OneTimeTokenTable | 'receipt_links';

/** A sign-up waiting for its e-mail to be verified: no merchant exists yet and the e-mail is not taken. */
export interface SignUpRequestsTable {
  /** SHA-256 (hex) of the token in the verification link. */
  token_hash: string;
  email: string;
  business_name: string;
  currency: string;
  password_hash: string;
  /** JSON of the OAuth authorization request to continue once verified (client, redirect URI, state, PKCE challenge, environment). */
  authorize_request: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** A one-time token that lets a user set their password: `reset` (e-mailed link) or `temporary` (first sign-in). */
export interface PasswordTokensTable {
  /** SHA-256 (hex) of the token. */
  token_hash: string;
  user_id: string;
  purpose: 'reset' | 'temporary';
  /** JSON of the OAuth authorization request to go back to, if any. */
  authorize_request: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** The last order number given per merchant and environment (migration 0018). */
export interface OrderNumbersTable {
  merchant_id: string;
  environment: Environment;
  last_number: number;
}

export interface Database {
  merchants: MerchantsTable;
  users: UsersTable;
  api_keys: ApiKeysTable;
  products: ProductsTable;
  customers: CustomersTable;
  orders: OrdersTable;
  order_numbers: OrderNumbersTable;
  line_items: LineItemsTable;
  discount_codes: DiscountCodesTable;
  refunds: RefundsTable;
  cash_drawers: CashDrawersTable;
  cash_drawer_movements: CashDrawerMovementsTable;
  receipt_links: ReceiptLinksTable;
  processor_calls: ProcessorCallsTable;
  stripe_events: StripeEventsTable;
  events: EventsTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  idempotency_keys: IdempotencyKeysTable;
  oauth_clients: OAuthClientsTable;
  signing_keys: SigningKeysTable;
  auth_sessions: AuthSessionsTable;
  refresh_tokens: RefreshTokensTable;
  authorization_codes: AuthorizationCodesTable;
  mail_outbox: MailOutboxTable;
  sign_up_requests: SignUpRequestsTable;
  password_tokens: PasswordTokensTable;
}

export type ProductRow = Selectable<ProductsTable>;
export type CustomerRow = Selectable<CustomersTable>;
export type OrderRow = Selectable<OrdersTable>;
export type LineItemRow = Selectable<LineItemsTable>;
export type DiscountCodeRow = Selectable<DiscountCodesTable>;
export type RefundRow = Selectable<RefundsTable>;
export type CashDrawerRow = Selectable<CashDrawersTable>;
export type CashDrawerMovementRow = Selectable<CashDrawerMovementsTable>;
export type ReceiptLinkRow = Selectable<ReceiptLinksTable>;
export type ProcessorCallRow = Selectable<ProcessorCallsTable>;
export type EventRow = Selectable<EventsTable>;


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
import type { Selectable } from 'kysely';

export type Environment = 'sandbox' | 'production';
export const ENVIRONMENTS: readonly Environment[] = ['sandbox', 'production'];

export type OrderStatus = 'pending' | 'paid' | 'partially_refunded' | 'refunded' | 'canceled';
export const ORDER_STATUSES: readonly OrderStatus[] = ['pending', 'paid', 'partially_refunded', 'refunded', 'canceled'];

export type Role = 'admin' | 'manager' | 'cashier';

export interface MerchantsTable {
  id: string;
  name: string;
  email: string;
  currency: string;
  tax_rate_bps: number;
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
  created_at: string;
  updated_at: string;
}

export interface CustomersTable {
  merchant_id: string;
  environment: Environment;
  id: string;
  name: string;
  email: string | null;
  created_at: string;
  updated_at: string;
}

export interface OrdersTable {
  merchant_id: string;
  environment: Environment;
  id: string;
  status: OrderStatus;
  customer_id: string | null;
  currency: string;
  subtotal: number;
  tax: number;
  total: number;
  refunded_amount: number;
  items_count: number;
  payment_method: 'card' | 'cash';
  card_last4: string | null;
  paid_at: string | null;
  canceled_at: string | null;
  notes: string | null;
  /** JSON object of string values. */
  metadata: string;
  created_at: string;
  updated_at: string;
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
}

export interface RefundsTable {
  merchant_id: string;
  environment: Environment;
  id: string;
  order_id: string;
  amount: number;
  currency: string;
  status: 'succeeded';
  reason: 'customer_request' | 'duplicate' | 'fraudulent' | 'other';
  /** JSON array of `{line_item_id, quantity}`: the units that came back with this refund. */
  items: string;
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
  revoked_at: string | null;
  revoked_reason: 'signed_out' | 'refresh_token_reused' | 'code_reused' | 'user_removed' | null;
}

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

export interface Database {
  merchants: MerchantsTable;
  users: UsersTable;
  api_keys: ApiKeysTable;
  products: ProductsTable;
  customers: CustomersTable;
  orders: OrdersTable;
  line_items: LineItemsTable;
  refunds: RefundsTable;
  events: EventsTable;
  idempotency_keys: IdempotencyKeysTable;
  oauth_clients: OAuthClientsTable;
  signing_keys: SigningKeysTable;
  auth_sessions: AuthSessionsTable;
  refresh_tokens: RefreshTokensTable;
  authorization_codes: AuthorizationCodesTable;
}

export type ProductRow = Selectable<ProductsTable>;
export type CustomerRow = Selectable<CustomersTable>;
export type OrderRow = Selectable<OrdersTable>;
export type LineItemRow = Selectable<LineItemsTable>;
export type RefundRow = Selectable<RefundsTable>;
export type EventRow = Selectable<EventsTable>;


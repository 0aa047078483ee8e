/**
 * The API's conventions and decisions, as Markdown: the top of the reference page (the document's
 * `info.description`) and of `docs/api.md`. Every figure that the code holds (limits, codes, scopes,
 * prefixes, statuses, test tokens) is read from the code, so the text cannot drift from it.
 */
import { KEY_PREFIXES } from '../auth/api-keys.js';
import { ROLE_PERMISSIONS, SCOPE_DECLARATIONS, SCOPES } from '../auth/permissions.js';
import { AUTHORIZATION_CODE_TTL_SECONDS } from '../auth/sessions.js';
import { ORDER_STATUSES, type OrderStatus } from '../db/schema.js';
import { RATE_LIMIT_DEFAULTS } from '../config.js';
import { ERROR_CODES, type ErrorCode } from '../errors.js';
import { EVENT_TYPES, EVENTS } from '../events/event-types.js';
import { MAX_JSON_DEPTH, MAX_JSON_KEYS } from '../http/hard-edges.js';
import { describeWindow } from '../http/rate-limit.js';
import { MAX_QUANTITY, MAX_UNIT_PRICE, Metadata, PaginationQuery } from '../http/schemas.js';
import { ID_PREFIXES } from '../ids.js';
import { IDEMPOTENCY_LEASE_MS, IDEMPOTENCY_TTL_MS } from '../idempotency/claim-key.js';
import { CreateOrderBody } from '../orders/schemas.js';
import { SANDBOX_TEST_TOKENS } from '../payments/processor.js';

const STATUS_MEANINGS: Record<OrderStatus, string> = {
  pending: 'Created; its stock is reserved; not paid. `payment` is null.',
  paid: 'Payment captured; `payment.paid_at` is set.',
  partially_refunded: 'Paid, and some of the money refunded.',
  refunded: 'Paid, and all of the money refunded.',
  canceled: 'Canceled while pending; its reserved stock went back on the shelf.',
};

/** Tag descriptions, in the order the reference shows them. */
export const TAGS = [
  { name: 'Orders', description: 'Create, read, capture, cancel and refund orders. Requires `orders:read` to read, `orders:write` to change.' },
  {
    name: 'Receipts',
    description:
      "The receipt of a paid order, an unguessable link to its hosted page (`/r/<token>`, no credential needed) and the receipt sent by e-mail. Requires `orders:read` to read, `orders:write` to make a link or send a mail.",
  },
  { name: 'Products', description: 'The catalogue that orders draw from, with optional stock tracking. Requires `products:read` / `products:write`.' },
  {
    name: 'Discount codes',
    description:
      'Saved discounts that Create Order\'s `discount_code` redeems, with an optional limit of redemptions and expiry. Part of the catalogue: requires `products:read` / `products:write`.',
  },
  { name: 'Customers', description: 'Customers that orders can name. Requires `customers:read` / `customers:write`.' },
  {
    name: 'Cash drawers',
    description:
      "A register's cash drawer sessions: open with a float, pay cash in and out, count and close with the over/short. Requires `cash_drawers:read` / `cash_drawers:write` (cashiers have both).",
  },
  { name: 'Events', description: 'What happened to orders, refunds, products, customers, API keys and cash drawers, newest first. Requires `orders:read`.' },
  {
    name: 'Webhooks',
    description: 'Endpoints that events are POSTed to, signed as Standard Webhooks says, and the log of every attempt. Requires `webhooks:read` to read, `webhooks:write` to change.',
  },
  {
    name: 'Reports',
    description:
      'Sales and refunds over a range, in totals and by UTC hour or day (requires `orders:read`); the end-of-day (Z) report of one local day, per register, as JSON or CSV (requires `reports:read`: admins, managers and full-access API keys, not cashiers).',
  },
  {
    name: 'Merchant',
    description: "The shop's settings: name, currency, tax rate and whether prices include tax, and what a receipt shows. Requires `merchant:read` / `merchant:write`: admin users and full-access API keys.",
  },
  {
    name: 'Team',
    description: "The merchant's users: list, add with a role, change a role, sign out everywhere, remove. Kept for signed-in admins: API keys, managers and cashiers get 403.",
  },
  {
    name: 'Account',
    description:
      'The merchant a credential acts for, its environment and permissions, and the signed-in user: any valid credential. ' +
      "The user's own sign-ins (list, sign out one) and password change: user access tokens only, any role.",
  },
  {
    name: 'Stripe',
    description: "Stripe's own events, sent by Stripe to Till (not called by apps): a payment finished after the app went away, a refund or a dispute made in Stripe's dashboard. Signed by Stripe; no API key.",
  },
  { name: 'Authentication', description: 'User access tokens: refreshing them. Signing in goes through the OAuth endpoints described above.' },
  {
    name: 'API keys',
    description: "The merchant's API keys, of both environments: list, create, revoke. Requires `api_keys:write` and a user access token: an API key can never call these.",
  },
];

function table(header: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  return [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...rows.map((row) => `| ${row.join(' | ')} |`)].join('\n');
}

const code = (text: string | number) => `\`${text}\``;

/** The conventions as Markdown, with `#` for each section (the reference page lists them in its menu). */
export function apiConventions(): string {
  const itemsSchema = CreateOrderBody.properties.items as unknown as { maxItems: number };
  const metadata = Metadata as unknown as { maxProperties: number; propertyNames: { maxLength: number }; additionalProperties: { maxLength: number } };
  const notes = (CreateOrderBody.properties.notes as unknown as { anyOf: Array<{ maxLength?: number }> }).anyOf.find((s) => s.maxLength)!;
  const perPage = PaginationQuery.per_page as unknown as { maximum: number; default: number };
  const tokens = Object.entries(SANDBOX_TEST_TOKENS);

  return `Till is a merchant point-of-sale and commerce API: orders with line items, payments, refunds, products, customers and events. Every operation is under \`/v1\`; request and response bodies are JSON.

# Authentication

Every request carries \`Authorization: Bearer <credential>\`. The credential is either an API key or a user access token (JWT).

- **API keys** start with ${code(KEY_PREFIXES.sandbox)} (sandbox) or ${code(KEY_PREFIXES.production)} (production), followed by 32 random base62 characters. A key belongs to one merchant and one environment and carries a set of permissions. Only a hash of it is stored: its value is shown once, when it is created. Keep keys on servers: never in client-side code, public repositories or browser requests. A revoked key answers 401 ${code('credential_revoked')} from its next request on.
- **Managing API keys over HTTP**: a signed-in user whose role gives \`api_keys:write\` (an admin) lists the merchant's keys with \`GET /v1/api_keys\`, creates one with \`POST /v1/api_keys\` (\`name\`, \`environment\`, optional \`permissions\`, all by default) and revokes one with \`POST /v1/api_keys/{id}/revoke\`. Keys are merchant-level: these operations see the keys of both environments, whatever the token's \`env\`. They accept user access tokens only; an API key, whatever its permissions, gets 403 ${code('insufficient_permissions')}, so a key can never mint or list keys. The creation's answer is the only place the key appears; the list shows \`last4\`, never the key. Creating a key ignores \`Idempotency-Key\`, so that the key is never stored for a replay.
- **User access tokens** (JWT) give user-scoped access, e.g. to a mobile app: a person signs in (see *Signing in users*) and the app gets a token that carries the user's \`permissions\` (from the role), the merchant (\`merchant_id\`) and the environment (\`env\`), and expires after 1 hour. Every \`/v1\` operation takes either kind of credential and checks its permission the same way.
- **The team** (users and their roles): a signed-in **admin** lists the merchant's users with \`GET /v1/users\` (paginated; removed users are not listed), adds one with \`POST /v1/users\` (\`email\`, an initial \`password\` of at least 10 characters that the admin gives the person, \`role\`), changes a role with \`PATCH /v1/users/{id}\` (\`role\`) and removes a user with \`DELETE /v1/users/{id}\`. These operations are kept for a user access token of a user whose role is \`admin\` (\`x-required-role\` in the OpenAPI document): an API key of any permissions, a manager or a cashier gets 403 ${code('insufficient_permissions')}. Users belong to the merchant, so a sandbox and a production token see the same team. A user object is \`{id, email, role, created_at, removed_at}\`, never a password or its hash. Removal answers the user with \`removed_at\` set (as revoking an API key answers the key with \`revoked_at\`, rather than Stripe's \`{deleted: true}\`): the user can no longer sign in, and their access and refresh tokens answer 401 ${code('credential_revoked')} from the next request. An admin cannot change their own role nor remove themselves (400 ${code('parameter_invalid')}, \`param\` \`role\` or \`id\`), and a change runs only while its caller is still an admin (two admins demoting each other at once: the second is refused), so a merchant always keeps an admin. E-mails are unique across all merchants, since a person signs in with the e-mail alone: one already used by any user, removed users included, is 400 ${code('parameter_invalid')} with \`param\` \`email\`, as \`till user create\` refuses it. Another merchant's user, or a removed one, is 404. A demotion takes the permissions away from the user's tokens at once; what a promotion adds comes with the user's next refresh (the role itself, and so the Team API, at once). \`POST /v1/users\` takes \`Idempotency-Key\` like every POST: only the answer (which holds no password) and a hash of the request without its password are kept, so nothing derived from the password is stored beside its Argon2id hash; a retry with the same key and e-mail replays the first answer whatever password it sends, and the first password stands.
- **Your sign-ins and your password**: every sign-in (an app or browser the user signed in on) is listed by \`GET /v1/account/sessions\`: its \`id\` (\`ses_...\`, the \`sid\` claim of its access tokens), the \`client\` it was made with, a \`device\` summary of the \`user_agent\` and the \`ip_address\` of its last token request, \`environment\`, \`created_at\`, \`last_used_at\` (its last refresh: not every request), \`expires_at\` (the latest it can end) and \`current: true\` for the sign-in making the request. \`DELETE /v1/account/sessions/{id}\` ends one: its refresh and access tokens answer 401 ${code('credential_revoked')} from the next request, on every server process. \`POST /v1/account/password\` (\`current_password\`, \`new_password\` of at least 10 characters) changes the password and ends every other sign-in of the user, keeping the one it was made from. A wrong \`current_password\` is 400 ${code('incorrect_password')} and counts as a failed sign-in. These take a user access token of any role (an API key has no sign-ins: 403 ${code('insufficient_permissions')}), and see only the caller's own sign-ins: anyone else's \`ses_...\` is 404. An admin ends all of a team member's sign-ins with \`POST /v1/users/{id}/sign_out\` (a lost phone), which answers the user. A sign-in lasts at most 90 days from sign-in (\`SESSION_MAX_AGE_DAYS\`), however often it is refreshed.
- **Who a credential is**: \`GET /v1/account\` answers, for any valid credential and without any permission, the merchant it acts for (\`id\`, \`name\`, \`currency\`, \`tax_rate_bps\`), the \`environment\` it acts on, its \`permissions\` (for a user: what the role grants now) and \`user\` (\`id\`, \`email\`, \`role\`) for a user access token, or null for an API key. Stripe's \`GET /v1/account\` is the model; the account is the merchant, so its \`id\` is the \`mer_...\` identifier. An app reads it to format amounts in the right currency and to show only what the user may do.

Failures answer **401** (${code('missing_credentials')}, ${code('invalid_credentials')}, ${code('token_expired')}, ${code('credential_revoked')}) with a \`WWW-Authenticate: Bearer realm="till"\` header (plus \`error="invalid_token"\` when a credential was sent). The credential is checked before the request body is read, so a request without a valid credential gets 401, never 400.

Each operation states the permission it requires ("Requires \`orders:write\`" and \`x-required-scope\` in the OpenAPI document). A credential without it gets **403** ${code('insufficient_permissions')}. The permissions are:

${table(['permission', 'allows'], SCOPES.map((scope) => [code(scope), SCOPE_DECLARATIONS[scope].description]))}

A user's role gives their tokens these permissions:

${table(['role', 'permissions'], Object.entries(ROLE_PERMISSIONS).map(([role, scopes]) => [code(role), scopes.length === SCOPES.length ? 'all' : scopes.map(code).join(', ')]))}

An order's customer is shown in full (\`customer\`: \`{id, name, email}\`) only to a credential with \`customers:read\`; to one without, \`customer\` carries the id only (\`{"id": "cus_..."}\`). This holds for Get Order, the order in the answers of Create, Capture and Cancel, \`order.*\` events read through \`/v1/events\`, and \`order.*\` webhooks (where the endpoint's credential counts, see Webhooks).

# Signing in users (OAuth 2.0)

Apps that act for a person (a cashier's mobile app, a back-office page) never hold an API key. They sign the person in with the OAuth 2.0 authorization code flow with PKCE (RFC 6749, RFC 7636; RFC 8252 for native apps) and receive a user access token and a refresh token. Any OAuth 2.0 client library that does PKCE works; the server describes itself at \`/.well-known/oauth-authorization-server\` (RFC 8414).

${table(['endpoint', 'what it does'], [
    ['`GET /.well-known/oauth-authorization-server`', 'The endpoints and what they support (issuer, PKCE `S256`, public clients).'],
    ['`GET /.well-known/jwks.json`', 'The public keys access tokens are signed with (ES256). Verify tokens against these only.'],
    ['`GET /oauth/authorize`', 'The sign-in page. Query: `response_type=code`, `client_id`, `redirect_uri`, `code_challenge`, `code_challenge_method=S256`, `state`, and `environment` (`sandbox` or `production`, default `production`: the data set the tokens act on). After sign-in, redirects (303) to `redirect_uri` with `code`, `state` and `iss`. With `prompt=create`: the sign-up form instead (see below).'],
    ['`POST /oauth/token`', 'Form-encoded (any other body, JSON included, is 400 `invalid_request`). `grant_type=authorization_code` with `code`, `redirect_uri`, `code_verifier`, `client_id`; or `grant_type=refresh_token` with `refresh_token`, `client_id`. Answers `{"access_token", "token_type": "Bearer", "expires_in", "refresh_token"}`.'],
    ['`POST /oauth/revoke`', 'Form-encoded `token` (a refresh token or an access token) and `client_id` (RFC 7009). Ends the sign-in the token belongs to: its refresh token and every access token it issued answer 401 from then on. Unknown tokens are answered 200 too.'],
    ['`POST /v1/auth/refresh`', 'The same refresh as the token endpoint, as JSON: `{"refresh_token": "rt_...", "client_id": "cli_..."}`, with this API\'s error envelope. `client_id` is optional; sent, a refresh token issued to another app is refused (401 `invalid_credentials`), as the token endpoint refuses it, so apps should send it. It also takes an optional `environment` (`sandbox` or `production`) to switch the sign-in to the other data set (see *Environments and tenant isolation*).'],
  ])}

- **Clients** are registered by the operator (\`till oauth-client create\`). They are public clients: no secret; PKCE protects the code. \`client_id\` is \`cli_...\`.
- **The dashboard's client**: every installation has the public client \`cli_dashboard\` ("Till dashboard"), created by a migration, for the merchant dashboard served at \`/dashboard\`. Its one redirect URI is \`<origin>/dashboard/callback\`, where \`<origin>\` is the origin of \`PUBLIC_URL\` when it is set, and otherwise the origin the authorization request itself was sent to (its scheme and \`Host\`), so that \`http://localhost:3000\` and \`http://127.0.0.1:3000\` both work without configuration, but only when that \`Host\` names this machine: \`localhost\`, a loopback address, the address the server listens on (\`HOST\`) or, listening on all addresses, one of the machine's own addresses. A \`Host\` with any other name (one an attacker has pointed at the server, by DNS rebinding or through a proxy that passes \`Host\` on) gives no origin, so the dashboard's redirect URI is refused; a server reached by a name of its own needs \`PUBLIC_URL\`, which production requires. The browser is sent back to the very origin it is already on, where this server's own dashboard page takes the code, and PKCE binds the code to the page that started the sign-in. Anything else (another origin, port, scheme, path, a trailing slash or a query) is refused with an error page, never a redirect. Behind a proxy that terminates TLS, set \`PUBLIC_URL\`, since the server itself sees \`http\`.
- **Redirect URIs** must be one of those the client registered, character for character: no trailing slash or extra parameter is forgiven. The one exception is a loopback \`http\` redirect (\`http://127.0.0.1/callback\`), which matches on any port, as native apps need. A request naming an unknown client or an unregistered redirect URI gets an error page, never a redirect; other errors go back to the app as \`error\`, \`error_description\`, \`state\` and \`iss\` on the redirect URI.
- **Signing up** (OpenID Connect \`prompt=create\`, "Initiating User Registration via OpenID Connect 1.0"): an authorization request with \`prompt=create\` shows a sign-up form instead of the sign-in form: business name, currency (ISO 4217, \`USD\` by default; any code the runtime's \`Intl\` knows), e-mail (at most 254 characters) and password (at least 10 characters). Submitting it answers a "check your inbox" page (200), the same whether or not the address has an account, and mails a link to the address (or, to an address that has an account, a note saying so and no link). Nothing is created and the address is not taken until the link is followed, so a sign-up someone else started never blocks the owner of the address. The link (\`GET /oauth/sign-up?token=...\`, built from \`PUBLIC_URL\`) works once, within 24 hours; opening it changes nothing and asks to confirm, and confirming (\`POST /oauth/sign-up\`) creates a merchant (tax rate 0) and its first user, an admin, then continues exactly as a successful sign-in: 303 to \`redirect_uri\` with \`code\`, \`state\` and \`iss\`. A used, expired or unknown link is a 400 page; an address that got an account meanwhile, a 409 page linking to the sign-in. Each form links to the other, keeping the authorization request. A refusal (a short password, an address that is not one, an unknown currency, an empty name) shows the form again with the message tied to the field at fault (400; 429 past the limit) and keeps what was typed except the password. Sign-ups count against the per-address limit of the sign-in form. The metadata lists \`prompt_values_supported: ["create"]\`. An operator turns sign-up off with \`SIGN_UP_ENABLED=false\`: then \`prompt=create\` shows the sign-in form without a link to sign up, a posted sign-up form is answered with a 403 page saying sign-up is off, and the metadata leaves \`prompt_values_supported\` out.
- **Forgot password**: the sign-in page links to \`/oauth/forgot-password\`, keeping the authorization request. The form takes an e-mail and answers a "check your inbox" page whatever the address; an active user's address gets a link (\`/oauth/reset-password?token=...\`) that works once, within 1 hour, to a form for the new password, typed twice. Setting it ends every sign-in of the user (their access and refresh tokens answer 401), spends their other links, and shows the sign-in form of the authorization request again. Only a SHA-256 of each token is stored.
- **Temporary passwords**: a password an admin chose (\`POST /v1/users\`, the dashboard's Team page) or the operator chose with \`--temporary\` lets its user sign in once more only to choose their own: the sign-in answers a form for a new password (200, no code), and the code follows once it is set (303 as usual). Setting it ends the user's other sign-ins.
- **Codes** last ${AUTHORIZATION_CODE_TTL_SECONDS} seconds and work once. Presenting a code again is refused and ends the sign-in the first exchange started.
- **Access tokens** are JWTs signed with ES256 (\`kid\` in the header, \`typ\` \`at+jwt\` as RFC 9068 says). Claims: \`sub\` (the user, \`usr_...\`), \`merchant_id\`, \`role\`, \`permissions\`, \`iat\`, \`exp\`, \`iss\` (this service's public address), \`aud\` (the API the token is for: \`iss\` followed by \`/v1\`, e.g. \`https://api.example.com/v1\`), \`env\`, and \`sid\` (the sign-in) and \`jti\`. They last 1 hour (\`ACCESS_TOKEN_TTL_SECONDS\`). The server accepts ES256 only, \`typ\` \`at+jwt\`, its own \`iss\` and \`aud\`, and \`exp\` with at most 60 s of clock leeway; it takes keys only from its own published set, never from a token's header. (Tokens issued before \`aud\` was added, by an earlier version, are accepted without it until they expire.) A service that checks Till's tokens itself should check \`typ\` and \`aud\` too. A token is refused (401 ${code('credential_revoked')}) as soon as its sign-in ends or its user is removed, and it carries only the permissions its user's role still grants.
- **Refresh tokens** (\`rt_...\`) last 30 days each and work once: every refresh returns a new pair and the old refresh token stops working. Of two refreshes with one token, one succeeds and the other is refused (${code('refresh_token_used')} on \`/v1/auth/refresh\`, \`invalid_grant\` on \`/oauth/token\`), so an app that raced itself keeps its sign-in. A refresh token presented again more than 10 seconds (\`REFRESH_REUSE_GRACE_SECONDS\`) after it was exchanged is taken as stolen: the whole sign-in ends, access tokens included.
- **Signing keys** are kept in the database and shared by every server process. \`till signing-key rotate\` adds a key that signs from then on; the old one stays published until the last token it signed has expired.
- **Hostile input**: the OAuth endpoints take form-encoded parameters only. A body they cannot read (JSON, malformed, over 16 KiB), a parameter over 4,096 characters, or text holding NUL or a lone UTF-16 surrogate is refused before anything is looked up: 400 \`invalid_request\` from the token and revocation endpoints, a 400 page from the sign-in page; nothing of the request is logged. E-mails are at most 254 characters and passwords at most 1,024, checked before anything else. A sign-in or sign-up form that the browser says was posted from another site's page (\`Sec-Fetch-Site\` other than \`same-origin\`, or an \`Origin\` other than this server's) is refused with a 403 page, so no other site can sign a browser in to an account of its choosing or create shops through it.
- **Brute force**: sign-in posts and the token, revoke and refresh endpoints are limited per client address (30 requests a minute, \`SIGN_IN_LIMIT_PER_ADDRESS\`; an IPv6 client by its /64; behind a load balancer, the address it reports, when the operator names it in \`TRUST_PROXY\`). A refresh with a live refresh token is counted but never refused for its address: it is limited per sign-in instead (30 refreshes a minute). Failed sign-ins are counted per account and address: after 10 (\`SIGN_IN_LIMIT_PER_ACCOUNT\`), each attempt for that account from that address waits 2 minutes, then 4, 8 and at most 15 after each further failure; a successful sign-in from that address clears them. The same account from another address is not held back, so someone guessing a password cannot lock its owner out. A ceiling of 10 times that many failures an hour for one account, from all addresses together, brakes guessing spread over many addresses: past it, addresses that have already failed for the account wait for the hour to end, while an address that has not may still try. Refused codes and refresh tokens count against their address only, never against the user they belong to. Past a limit: 429 with \`Retry-After\`. A wrong password and an unknown e-mail get the same answer.
- **Errors** of \`/oauth/token\` and \`/oauth/revoke\` follow RFC 6749: \`{"error": "invalid_grant", "error_description": "..."}\` with 400 (\`invalid_request\`, \`invalid_grant\`, \`unsupported_grant_type\`, \`unauthorized_client\`), 401 (\`invalid_client\`) or 429 (\`rate_limited\`). Their answers are never cached (\`Cache-Control: no-store\`).

# Environments and tenant isolation

Every merchant has two fully separate data sets: \`sandbox\` and \`production\`. ${code(KEY_PREFIXES.sandbox)} keys act on the sandbox and ${code(KEY_PREFIXES.production)} keys on production; a user access token names its environment in its \`env\` claim. A credential sees only its own merchant's data in its own environment. The one exception is the API key records themselves, which belong to the merchant: \`/v1/api_keys\` shows and manages the keys of both environments.

An object of another merchant or of the other environment is answered like a missing one: **404** ${code('resource_not_found')} in a path, 422 ${code('product_not_found')} or ${code('customer_not_found')} in an order, never 403, so that its existence does not leak to another merchant. One help for the merchant's own mistake, as Stripe gives: when the id in a path (an order, product, customer or event) is not in the credential's environment but is the same merchant's in the other one, the 404's message adds "a similar object exists in the sandbox data set: use a sk_test_ key, or switch the sign-in to the sandbox" (or production and \`sk_live_\`). Another merchant's id gets exactly the message of an id that never existed.

**Switching environments while signed in**: an app sends \`{"refresh_token": "rt_...", "environment": "sandbox"}\` (or \`"production"\`) to \`POST /v1/auth/refresh\`. The refresh token rotates exactly as any refresh does (it works once; of two concurrent uses one wins), and the new access and refresh tokens are for the environment asked for. The sign-in itself moves to that environment in the same transaction: later refreshes without \`environment\` stay there, and the sign-in's access tokens for the other environment answer 401 ${code('credential_revoked')} for as long as it stays in this one, so a sign-in never holds working tokens for both data sets at once. Without \`environment\`, a refresh keeps the sign-in's environment. The OAuth token endpoint does not take \`environment\`: it stays plain RFC 6749.

The sandbox takes card payments with test tokens (see *Payments and test tokens*); production needs a configured payment processor.

# Identifiers

Identifiers are strings: a type prefix, an underscore, then the time the object was made (8 base62 characters of milliseconds) and 16 random base62 characters (e.g. \`ord_0MvQZ7yq4Vq2c9XrT0bLkP7s\`), so that identifiers made later sort later. Identifiers made before this scheme (20 random base62 characters after the underscore) stay valid. Treat an identifier as opaque: its length may grow, and lists are ordered by \`created_at\`, never by identifier alone.

${table(['object', 'prefix'], Object.entries(ID_PREFIXES).map(([object, prefix]) => [humanize(object), code(`${prefix}_`)]))}

An identifier in a path that names nothing is a 404, whatever its shape.

# Money, currency and tax

- Amounts are integers in the smallest currency unit (cents for USD): \`1050\` is $10.50.
- Each merchant has one currency (ISO 4217, default \`USD\`), used by all its products, orders and refunds, and one tax rate in basis points (default 0).
- A line item's \`total\` is \`quantity * unit_price\`; \`subtotal\` is the sum of the line totals less the order's \`discount_total\` (see Discounts); \`tax = round_half_up(subtotal * tax_rate_bps / 10000)\`; \`total = subtotal + tax\`.
- When the merchant's \`prices_include_tax\` is true (\`PATCH /v1/merchant\`), line prices include tax: \`total\` is the sum of the line totals less \`discount_total\`, \`tax = round_half_up(total * tax_rate_bps / (10000 + tax_rate_bps))\` (the part of the total that is tax) and \`subtotal = total - tax\`. Returned items then give back their price, their tax being inside it.
- The currency, the tax rate and \`prices_include_tax\` are read when an order is created: an order keeps its figures whatever the merchant changes later, and its refunds use the tax it was charged.

# Discounts

Create Order takes a line's own \`items[].discount\`, order-level \`discounts\` (0 to 5) and a saved \`discount_code\` (\`/v1/discount_codes\`). A discount is \`{"type": "percentage", "percentage_bps": 1..10000}\` or \`{"type": "amount", "amount": 1..}\`, with an optional \`reason\` (at most 200 characters). Money is integers; \`round_half_up\` rounds a half up.

1. **A line's own discount**: a percentage takes \`round_half_up(total * percentage_bps / 10000)\`; an amount takes itself, at most the line's \`total\` (more is 400 ${code('parameter_invalid')} naming \`items[i].discount.amount\`).
2. **Order-level discounts** apply to the base \`B\`, the sum of the lines after their own discounts: each percentage on that same base, \`round_half_up(B * percentage_bps / 10000)\` (they do not compound), then the amounts. Together they never take more than \`B\`: discounts sent with the order that would are 400 ${code('parameter_invalid')} naming \`discounts[i]\`; the discount code's discount comes after them and is capped at what is left of \`B\` instead (a code never fails an order whose cart is small).
3. **Allocation**: the order-level discounts, summed (\`D\`), are shared among the lines in proportion to their value after their own discount, by largest remainder (each line gets \`floor(D * w / B)\`, and the cents left go one each to the largest remainders, the earlier line first on a tie), so the shares sum exactly to \`D\` and no line goes below zero. A line's \`discount_amount\` is its own discount plus its share; it sells for \`total - discount_amount\`. The order's \`discount_total\` is the sum of the lines' \`discount_amount\`; \`discounts\` lists the order-level discounts with the money each took (\`amount\`), the code's last (with its \`code\`).
4. **Tax after discounts**: the tax rules above apply to the sum of \`total - discount_amount\` over the lines.
5. **Refunds of items**: returning \`k\` more units of a line of \`q\` units, \`r\` already returned, with \`net = total - discount_amount\`, gives back goods \`round_half_up(net * (r + k) / q) - round_half_up(net * r / q)\` (cumulative, so returning every unit gives back exactly \`net\`), plus their share of the order's tax when tax was added on top. Without a discount that is \`k * unit_price\`, as before. Refunds by \`amount\` are money only, as before.

**Discount codes** are stored upper-cased and match ignoring case; they are unique per merchant and environment. Create Order redeems a code in the order's transaction: \`times_redeemed\` goes up by one, never past \`max_redemptions\`, whatever the concurrency. An unknown, inactive, expired (\`expires_at\` passed) or used-up code is 400 ${code('parameter_invalid')} naming \`discount_code\`, saying which. A canceled order gives its redemption back (\`times_redeemed\` goes down by one); a refunded one does not. Codes are part of the catalogue: \`products:read\` reads them and \`products:write\` changes them. Changing a code's discount is not possible (make a new code); orders keep the discount they were given.

# Timestamps

Timestamps are ISO 8601 UTC strings with milliseconds: \`2026-11-21T10:00:00.000Z\`.

Date-range filters (\`created_at_min\`, \`created_at_max\`) take a date-time (with \`Z\` or an offset, milliseconds optional) or a bare date. Both bounds are inclusive; a bare date means its first millisecond (for \`_min\`) or its last millisecond (for \`_max\`), UTC. So \`created_at_min=2026-11-01&created_at_max=2026-11-30\` is all of November.

# Requests and responses

- Bodies are JSON, sent with \`Content-Type: application/json\` (a \`charset\` parameter is fine); a body of any other type, or sent without a \`Content-Type\`, is **415** ${code('unsupported_media_type')}. Invalid JSON is 400 ${code('invalid_json')}, and so is JSON nested more than ${MAX_JSON_DEPTH} levels deep or holding more than ${MAX_JSON_KEYS} keys in all; a body over 1 MiB is **413** ${code('request_too_large')}.
- Every number the API takes is a whole number. A number written with a decimal point or an exponent (\`1.5\`, \`1e3\`, even \`100.0\`) is 400 ${code('parameter_invalid')} naming the field, as are negative, too large (past the field's limit; any integer above 2^53 is past every limit) and string values.
- Keys named \`__proto__\`, or \`constructor\` holding \`prototype\`, are refused anywhere in a body (400 ${code('parameter_invalid')}); \`constructor\` as a plain metadata key is ordinary data.
- Credentials go in the \`Authorization\` header only: a request with an \`access_token\`, \`api_key\` or \`key\` query parameter is **401** ${code('invalid_credentials')}, whatever else it sends, since URLs end up in logs and browser history. Roll a credential that was sent that way.
- Headers over 16 KiB in all are **431** ${code('headers_too_large')}. A client that has not sent its whole request within the server's request timeout (30 s by default) gets **408** ${code('request_timeout')}.
- A request that waits on the database longer than the server's statement timeout (10 s by default, counted from its arrival; another request holding the same rows, say) is **503** ${code('database_timeout')}: it was rolled back whole, so retry it, with the same \`Idempotency-Key\`. A database that cannot be reached, has no connection free, is out of disk or takes no writes is **503** ${code('service_unavailable')}, nothing written either. A database that stops answering while it commits is **503** ${code('commit_unconfirmed')}: the change may have been made, and only the retry with the same \`Idempotency-Key\` tells. All three carry \`Retry-After\` (seconds).
- An empty body counts as \`{}\`, so operations whose fields are all optional (full refund, cancel, capture of a cash order) can be sent with no body.
- Unknown body fields and unknown query parameters are refused with 400 ${code('parameter_unknown')}, so a misspelt field never goes unnoticed.
- Body values are taken as sent: \`"amount": "500"\` is refused, not read as 500. Query-string numbers and booleans are read from their text.
- Every response carries a \`Request-Id\` header (\`req_...\`); error bodies repeat it as \`request_id\`.

# Errors

Every error has the same body:

\`\`\`json
{
  "error": {
    "type": "invalid_request_error",
    "code": "parameter_missing",
    "message": "Missing required parameter: items.",
    "param": "items",
    "request_id": "req_8mJ2kQ9xLw4RtY7nB3vC"
  }
}
\`\`\`

\`type\` is the class of error, \`code\` the exact reason (branch on this), \`message\` a human-readable explanation safe to show to a merchant, \`param\` the field at fault (only where one field is), \`request_id\` the request's id for support. A 500 never shows its cause. Each operation lists the codes it can answer.

The \`type\` of each status:

${table(['status', 'type'], typesByStatus().map(([status, types]) => [String(status), types.map(code).join(', ')]))}

Codes:

${table(['code', 'status', 'meaning'], (Object.entries(ERROR_CODES) as Array<[ErrorCode, { status: number; meaning: string }]>).map(([name, { status, meaning }]) => [code(name), String(status), meaning]))}

# Limits

Each limit is answered with 400 when exceeded, unless the table says otherwise.

${table(['what', 'limit'], [
    ['line items per order', `1 to ${itemsSchema.maxItems}`],
    ['quantity of a line item', `1 to ${MAX_QUANTITY}`],
    ['product price', `0 to ${MAX_UNIT_PRICE} per unit`],
    ['metadata', `up to ${metadata.maxProperties} keys; keys 1 to ${metadata.propertyNames.maxLength} characters; values strings of up to ${metadata.additionalProperties.maxLength} characters`],
    ['order notes', `up to ${notes.maxLength} characters`],
    ['product and customer names', '1 to 250 characters'],
    ['request body', '1 MiB (413 past it)'],
    ['nesting of a JSON body', `${MAX_JSON_DEPTH} levels`],
    ['keys in a JSON body', `${MAX_JSON_KEYS} in all`],
    ['request headers', '16 KiB (431 past it)'],
    ['page size (`per_page`)', `1 to ${perPage.maximum}, default ${perPage.default}`],
  ])}

# Idempotent requests

Every POST except Create an API key, Create a webhook endpoint and Rotate the signing secret (whose answers hold a secret that must not be stored) and Change your password (a retry of a change that succeeded would answer \`incorrect_password\`) accepts an \`Idempotency-Key\` header (1 to 255 printable ASCII characters, sent once: two \`Idempotency-Key\` headers are 400 ${code('parameter_invalid')}; a random UUID is a good key), so that a request can be retried after a timeout or a dropped connection without doing its work twice. Keys are kept ${IDEMPOTENCY_TTL_MS / 3_600_000} hours from their first use, per merchant and environment, in the database: they hold across server processes and restarts.

- The first request with a key does the work. A retry with the same key, endpoint and body (key order in the JSON does not matter) does nothing and gets the first answer again, with its status and body and the header \`Idempotent-Replayed: true\`. Error answers are replayed too: a retry of a 422 ${code('out_of_stock')} is that same 422, even if stock has arrived since.
- The same key for another endpoint or with another body is **400** ${code('idempotency_key_reused')}.
- A retry that arrives while the first request still runs is **409** ${code('idempotency_key_in_use')}: retry a little later.
- A request refused before it started (401, 403, 400 for a bad body, 429) does not use up its key, and neither does a 5xx: the change was not made, so a retry with the same key does the work.
- A 402 ${code('authentication_required')} is not stored under its key either: it carries the PaymentIntent's \`client_secret\`, which is not kept for 24 hours. A retry with the key asks Stripe again and gets the same challenge of the order's one PaymentIntent; nothing can be charged twice.
- A success is recorded in the same database transaction as the change itself: if the server stops right after committing, a retry gets the answer, never a second order. A key left running by a server that stopped is free again after ${IDEMPOTENCY_LEASE_MS / 1000} seconds.
- GET and PATCH requests ignore the header (GET changes nothing; PATCH sets fields to given values, so repeating it is harmless).
- The four POSTs that ignore the header are marked \`x-idempotent: false\` in the OpenAPI document, and \`@till/client\` sends them once and never retries them: after a lost answer, list what exists (keys, endpoints) before trying again. Every other POST the client retries with the key of its first attempt. \`POST /v1/auth/refresh\` takes no key either; its refresh token works once, so a retry of an exchange that succeeded is 401 ${code('refresh_token_used')} and nothing is issued twice. (Stripe replays every POST, secrets included; Till does not keep a secret to replay it.)

# Rate limits

Each credential has a budget of requests: by default ${RATE_LIMIT_DEFAULTS.max} requests per ${describeWindow(RATE_LIMIT_DEFAULTS.windowMs)} for each API key, and for each user across all their access tokens (an installation may set other figures; the \`RateLimit-Limit\` header gives the one in force). Requests without a bearer token, and requests whose token is refused (unknown, expired, revoked), share the budget of their client address: made-up tokens cannot each open a budget of their own, and a flood of them from one address gets 429 while valid credentials, from that address or any other, keep theirs. An IPv6 client counts by its /64 network. The window starts with the first request and the budget is whole again once it has passed.

- Every request under \`/v1\` counts, whatever its answer (a 401, 404 or 400 too). It is counted once its credential is checked and before its body is read or anything is done, so a request over budget gets 429, not 401 or 400. \`GET /healthz\`, \`/readyz\`, \`/metrics\`, \`/docs\` and \`/v1/openapi.json\` are never counted.
- Each counted response carries \`RateLimit-Limit\` (the budget), \`RateLimit-Remaining\` (what is left of it) and \`RateLimit-Reset\` (seconds until the window ends), as in the IETF draft *RateLimit header fields for HTTP*.
- The budget is one for the whole installation, however many server processes answer (they share their counts through Redis); an installation without Redis counts per process.
- The sign-in form and the token, refresh and revoke endpoints have their own limits (see *Brute force* under the sign-in); their 429s carry the same \`Retry-After\` and \`RateLimit-*\` headers.
- Over budget, the answer is **429** ${code('rate_limited')} with \`Retry-After\` in whole seconds (at least 1, rounded up). A refused request did nothing, so it is safe to send again once \`Retry-After\` has passed; spread retries out (with exponential back-off and some jitter) rather than retrying in a tight loop.

# Pagination and sorting

Every list takes \`page\` (from 1, default 1) and \`per_page\` (1 to ${perPage.maximum}, default ${perPage.default}) and answers \`{"data": [...], "pagination": {"total", "page", "per_page", "has_more"}}\`. \`total\` counts every match on all pages; \`has_more\` is true when a later page has objects. A page past the end answers 200 with an empty \`data\` and \`has_more: false\`.

Lists are sorted newest first: by \`created_at\` descending, then by \`id\` descending, so the order is stable even for objects created in the same millisecond.

An installation with read replicas (\`DATABASE_READ_URL\`) answers List Orders, List Events and the sales and end-of-day reports from a replica when it may: these may then miss the changes other credentials made in the last seconds (at most \`DATABASE_READ_MAX_LAG_MS\`, 10 s by default). A credential's own changes show in its next list at once (on an installation of several server processes, once that bound has passed when the list reaches another process). Every other read, and every write, sees the latest state.

Filters: List Orders takes \`status\` (one status, or several separated by commas), \`customer_id\`, \`created_at_min\` and \`created_at_max\`; List Products takes \`active\`; List Customers takes \`email\` (exact match); List Events takes \`type\` (one type, or several separated by commas); List API keys takes \`environment\`. A bad filter value is 400 ${code('parameter_invalid')}.

# Order life cycle

${table(['status', 'meaning'], ORDER_STATUSES.map((status) => [code(status), STATUS_MEANINGS[status]]))}

${table(['from', 'operation', 'to', 'otherwise'], [
    ['(none)', 'Create Order', '`pending` (201; 200 with the order already made for an offline sale\'s receipt number)', `422 ${code('product_not_found')}, ${code('product_inactive')}, ${code('out_of_stock')}, ${code('customer_not_found')}`],
    ['`pending`', 'Capture', '`paid`', `422 ${code('order_not_capturable')}`],
    ['`pending`', 'Cancel', '`canceled`', `422 ${code('order_not_cancelable')}`],
    ['`pending`', 'Edit Order', '`pending`', `422 ${code('order_not_editable')}`],
    ['`paid`, `partially_refunded`', 'Refund', '`partially_refunded` or `refunded`', `\`refunded\`: 400 ${code('already_refunded')}; \`pending\`, \`canceled\`: 422 ${code('order_not_refundable')}`],
  ])}

- **Create Order** needs \`items\`; \`customer_id\`, \`payment_method\` (\`card\` by default, or \`cash\`), \`notes\` and \`metadata\` are optional. Without \`customer_id\` the order is a walk-in order: \`customer_id\` and \`customer\` are null.
- Line items keep the product's \`name\` and \`price\` (as \`unit_price\`) of the moment the order was created; later product changes do not touch existing orders. \`items_count\` in the order summary is the number of line items, not of units.
- **Stock**: a product's \`inventory\` is a count, or null when its stock is not tracked. Creating an order reserves the stock of all its lines at once, or of none: if any product is unknown, inactive or short, nothing changes. Stock never goes below zero, however many orders race for it, except by an offline sale (see Offline sales), which takes what it sold whatever is left. Editing a pending order's \`items\` (\`PATCH /v1/orders/{id}\`) puts the old lines' units back and takes the new ones', all or none. Canceling an order puts its units back; refunding items puts the returned units back. Untracked products stay untracked.
- \`payment\` is null until the order is paid, then says how: \`method\`, the card's details (\`card_last4\` is null for cash), the tender (\`cash_amount + card_amount = total\`, \`cash_given\`, \`change_due\`), the register's drawer (\`cash_drawer_id\`) and \`paid_at\`.
- Get Order shows \`refunded_amount\` and the order's \`refunds\`; each line item shows its \`refunded_quantity\`.

# Offline sales

A register that loses the network keeps selling (cash), prints its own receipt numbers, and queues each sale on the device; when the network is back it syncs them: Create Order, then Capture (cash, with \`cash_given\`), each with an \`Idempotency-Key\` of its own. Create Order takes such a sale as the register made it, even days later and whatever changed meanwhile:

- **\`recorded_at\`** makes the order an offline sale: when the register rang it up, by the device's clock, an ISO 8601 date-time with \`Z\` or an offset. It is kept (as UTC with milliseconds) beside \`created_at\`, which stays the server's time of receipt. More than 5 minutes ahead of the server's clock, or more than 90 days behind it, is 400 ${code('parameter_invalid')} on \`recorded_at\`, saying which.
- **\`register_receipt_number\`**, \`<register code>-<counter>\` (\`^[A-Za-z0-9_-]{1,20}-[0-9]{1,10}$\`, e.g. \`R1-000042\`), is required with \`recorded_at\` (400 ${code('parameter_missing')}) and refused without it (400 ${code('parameter_invalid')}). It is unique per merchant and environment, and it is what makes a sync happen once: a Create Order naming a number an order already has answers **that order, with 200** (not 201), and changes nothing: no order, no stock taken, no event, whatever its \`Idempotency-Key\` (a key expires after 24 hours; the number never does) and whatever else its body says. Two syncs of one sale at the same time make one order; both answer it. A retry with the same \`Idempotency-Key\` within 24 hours replays its first answer (201, \`Idempotent-Replayed: true\`), as for any request. List Orders' \`q\` finds an order by its exact receipt number.
- **\`items[].unit_price\`** (0 to 99999999): the price the register charged for one unit, modifiers included. The line is sold at it (discounts and tax apply to it as usual); without it the line takes the current price. **\`recorded_total\`**: the total the register showed and took; the order keeps the server's. Both only with \`recorded_at\` (else 400 ${code('parameter_invalid')}).
- **Products**: an inactive product is sold all the same, and tracked stock is taken in full, going below zero if the register sold more than there was. Each product a sale leaves below zero records an \`inventory.shortfall\` event with the order (\`data.object\`: \`{"object": "inventory_shortfall", "product_id", "product_name", "order_id", "register_receipt_number", "quantity", "shortfall", "inventory"}\`: the units sold, those beyond the stock there was, and the stock now). Count the shelf and set the stock (\`PATCH /v1/products/{id}\`). Only an offline sale takes stock below zero: every other order is refused with ${code('out_of_stock')}. An unknown product is still 422 ${code('product_not_found')}, and the modifiers chosen must still be offered by the product.
- **\`sync_differences\`** on the order lists what differed, stored with it (a sale answered again shows the same): \`{"type": "product_inactive", "product_id"}\`, \`{"type": "price_changed", "product_id", "line_item_id", "recorded_price", "current_price"}\`, \`{"type": "stock_short", "product_id", "shortfall"}\` and \`{"type": "total_changed", "recorded_total", "total"}\` (the server's total, \`subtotal + tax\`, differs from the register's: the tax rate changed, say), in that order, each in the order of the lines. It is \`[]\` when nothing differed, and for every other order, whose \`recorded_at\` and \`register_receipt_number\` are null.
- The order is then \`pending\` like any other, and is captured like any cash order.
- A register works out a sale's tax and total itself, from \`GET /v1/account\`: \`tax_rate_bps\`, and \`prices_include_tax\` (the tax inside the prices, or added on top). The dashboard's register works this way (see the README, "The register offline"), and counts a sale whose Capture answers 422 ${code('order_not_capturable')} for an order found \`paid\` as done.

# Payments and test tokens

Capture (\`POST /v1/orders/{id}/capture\`) takes the payment of a pending order. A card order sends \`{"payment_token": "..."}\` (without it: 400 ${code('parameter_missing')}); a cash order sends no body (a token is 400 ${code('parameter_invalid')}).

Cash and split tenders: a cash order may say the cash handed over (\`{"cash_given": 2000}\`, at least the total); the order's \`payment.change_due\` is the change. A card order may be paid partly in cash (\`{"payment_token": "...", "cash_amount": 1000}\`): the card is charged the rest of the total. A refund goes back to the card first, up to what the card paid, and the rest in cash. A sale or refund rung up on a register names its open cash drawer (\`cash_drawer_id\`).

In the sandbox, card payments go to a simulator that takes these test tokens:

${table(['token', 'result'], tokens.map(([token, result]) => [code(token), result.ok ? `succeeds; \`card_last4\` is ${code(result.cardLast4 ?? '')}` : `402 ${code(result.reason)}; the order stays \`pending\``]))}

Any other token is 400 ${code('parameter_invalid')} (\`param\`: \`payment_token\`). In production, card captures need a configured payment processor; without one they answer 503 ${code('processor_unavailable')} and the order stays pending.

# Stripe events

With \`PAYMENT_PROCESSOR=stripe\`, Stripe tells Till what happened without Till asking: add \`POST /v1/processors/stripe/events\` (at the server's public address) as a webhook endpoint in Stripe's dashboard and set its signing secret as \`STRIPE_WEBHOOK_SECRET\` (several, separated by commas: live and test mode, or an old and a new one while a secret is rolled). The route takes no API key: the \`Stripe-Signature\` header is checked against the body as sent (Stripe's scheme: \`t=<unix time>,v1=<HMAC-SHA256 of "t.body">\`, checked by Stripe's own client); a missing or wrong signature, or one older than 5 minutes, is 400 ${code('signature_invalid')} and Stripe sends the event again later. Each event is applied once, by its id, in the transaction that applies it: a repeat is answered \`200 {"received": true}\` and changes nothing. The order is the one named by the \`till_order_id\` and \`till_merchant_id\` metadata Till sets on each PaymentIntent (Stripe copies it to the charge; a dispute's PaymentIntent is read from Stripe), in the environment whose Stripe key is of the event's mode (\`livemode\`).

${table(['Stripe event', 'what Till does'], [
  [code('payment_intent.succeeded'), "When it is the order's own PaymentIntent (an order has one, made before its first card capture and confirmed by each attempt), a `pending` card order of that amount and currency becomes `paid`, exactly as a capture makes it (`order.paid`, its webhooks; `payment.processor_payment_id` is the PaymentIntent): a 3-D Secure challenge finished after the app went away pays the order. A capture still waiting for that PaymentIntent is settled under the same lock, and answers the paid order; the order is paid once whichever comes first. Another PaymentIntent carrying the order's metadata does not pay it (logged, to be refunded in Stripe)."],
  [code('payment_intent.payment_failed'), 'The capture attempt Stripe names (by the idempotency key it was sent with) is settled as failed; an earlier attempt\'s failure arriving late leaves a newer attempt alone. The order stays `pending` and can be captured again.'],
  [code('charge.refunded'), "Each succeeded Stripe refund that Till did not make itself and has not recorded (by its `re_...` id) becomes a Till refund of that amount (capped at what is left), `processor_refund_id` set, reason from Stripe's (`requested_by_customer` is `customer_request`, `duplicate`, `fraudulent`, else `other`), `refund.created` and `order.refunded` recorded. Money only: no units go back on the shelf, since Stripe does not say which came back."],
  [code('charge.dispute.created'), "The order's `dispute` is set (`id` `du_...`, `amount`, `currency`, `reason`, `status` and `created_at`, as Stripe's Dispute object has them; null without one) and `order.disputed` is recorded. The order's status does not change: answer the dispute in Stripe's dashboard."],
])}

Any other type is answered 200 and ignored; so is an event about a payment of no order of this server (logged). Captures whose answer never came and about which no event came are settled every 5 minutes by what Stripe holds for their order (see the reliability notes).

# Refunds

\`POST /v1/orders/{id}/refund\` refunds a \`paid\` or \`partially_refunded\` order.

- **Empty body**: a full refund of what is left to refund.
- **\`amount\`** alone: that amount, from 1 to what is left (else 400 ${code('invalid_refund_amount')}).
- **\`items\`** alone (\`[{"line_item_id", "quantity"}]\`): for each line, \`quantity * unit_price\` (pro-rated with the line's discounts, see Discounts) plus its share of the order's tax (rounded half up; nothing added when the order's prices included tax), capped at what is left. A refund that returns every unit still out takes exactly what is left, so rounding never leaves a cent behind nor refunds one too many. More units than are left on a line is 400 ${code('invalid_refund_amount')}. Returned units go back into tracked stock.
- **\`amount\` and \`items\`**: \`items\` records what came back and \`amount\` is the money; \`amount\` must not exceed the value of those items.
- \`reason\`: \`customer_request\` (default), \`duplicate\`, \`fraudulent\` or \`other\`.
- A refund has status \`succeeded\`. The order becomes \`partially_refunded\`, or \`refunded\` once its \`refunded_amount\` reaches its \`total\`. Refunds of one order run one at a time, so their sum never exceeds the total, whatever the concurrency.

# Cash drawers

A register (a till: a code such as \`R1\`, chosen by the merchant, 1 to 20 letters, digits, \`-\` and \`_\`) takes cash into a drawer. A **cash drawer** (\`drw_...\`) is one session of it, from opening to the count at close (\`/v1/cash_drawers\`, permissions \`cash_drawers:read\` and \`cash_drawers:write\`, which cashiers have):

- **Open** (\`POST /v1/cash_drawers\`): the register's code and the \`opening_float\`, the cash put in to start with. A register has at most one open drawer: another open while one is open is 409 ${code('cash_drawer_already_open')}, however many arrive at once.
- **Sell and refund**: a capture names the open drawer of the register ringing the sale up (\`cash_drawer_id\`), and the cash part of the payment (\`payment.cash_amount\`: a cash order's total, tip included, or the cash part of a split tender) counts in the drawer's \`cash_sales\`. A refund's cash part (\`cash_amount\`) comes out of a drawer (its \`cash_drawer_id\`) and counts in that drawer's \`cash_refunds\`.
- **Pay in and out** (\`POST /v1/cash_drawers/{id}/movements\`): cash put in (\`paid_in\`) or taken out (\`paid_out\`) for another reason than a sale, with the \`reason\` (a supplier paid from the till, a drop to the safe).
- **Close** (\`POST /v1/cash_drawers/{id}/close\`) with the cash counted (\`counted_cash\`). The drawer's **expected cash** is \`opening_float + cash_sales - cash_refunds + paid_in - paid_out\`: worked out live while it is open, fixed at close from the figures of that moment. **Over/short** is \`counted_cash - expected_cash\`: negative when cash is missing (short), positive when there is more than expected (over), 0 when the drawer balances. A closed drawer takes no more movements and cannot be closed again (422 ${code('cash_drawer_closed')}); the register then opens a new one. A cashier's sign-in may close only a drawer that cashier opened; managers, admins and API keys close any.
- \`opened_by\`, \`closed_by\` and a movement's \`created_by\` are the signed-in user (\`{id, email}\`), or null for an API key.

# Receipts

A paid order (\`paid\`, \`partially_refunded\` or \`refunded\`) has a receipt; a pending or canceled one has none (422 ${code('order_not_paid')}).

- **The receipt's data**: \`GET /v1/orders/{id}/receipt\` (permission \`orders:read\`) answers the \`Receipt\`: the shop (\`name\`, \`address\`, \`tax_id\` and \`footer\`, the merchant's settings as they are now, readable here without \`merchant:read\` so that a cashier's register can print them), the lines, discounts, \`subtotal\`, \`tax\` (\`tax_included\` when the order's prices included it), \`tip\` and \`total\` as the order was sold, the payment by tender (\`card_amount\`, \`cash_amount\`, and \`cash_given\` and \`change_due\` when the capture gave the cash handed over) and the refunds, each with the part paid back in cash. It holds no customer details, notes or metadata.
- **Links to the hosted receipt**: \`POST /v1/orders/{id}/receipt_links\` (permission \`orders:write\`) answers \`{id, object: "receipt_link", order_id, url, token, created_at}\`. \`url\` is \`PUBLIC_URL\` (or, without it, the address the server listens on) followed by \`/r/\` and \`token\`, 32 random base62 characters (190 bits). Only the token's SHA-256 is stored: the token is in this answer only, and the operation ignores \`Idempotency-Key\` so that no replay keeps it. Each call makes a new link; a link keeps working for as long as its order exists (there is no operation to revoke one yet).
- **The hosted receipt**, \`GET /r/<token>\`: no credential (the link is one). A page made on the server, without script, readable on a phone, whose print style sheet prints on 80 mm receipt paper (\`@page\` 80 mm wide, 4 mm margins). Its times are in UTC, and say so: Till does not know the shop's time zone. It is answered with \`Cache-Control: no-store\`, \`Referrer-Policy: no-referrer\`, \`X-Robots-Tag: noindex\` and a Content-Security-Policy that allows its own style alone. A token no link has is a 404 page, the same whatever the token; the link is found by its token's SHA-256, one lookup of a unique index, never by comparing tokens.
- **By e-mail**: \`POST /v1/orders/{id}/receipt_emails\` (permission \`orders:write\`) with \`{"to": "..."}\`, or an empty body for the order's customer's e-mail (which a credential without \`customers:read\` may not use: it sends \`to\`; without a customer or an e-mail, \`to\` is required too: 400 ${code('parameter_missing')}). It answers 202 \`{object: "receipt_email", to, order_id}\` at once and sends after the answer: a plain-text part and an HTML part, both with a new link to the hosted receipt. Through \`SMTP_URL\`; without it the mail goes to the log and the outbox, which keeps the link without its token: \`till mail list\` shows it once, with a new token given to the link (so the only working link is the one shown). A retry with the same \`Idempotency-Key\` replays the answer and sends nothing more.
- Amounts are written as in English (\`$12.50\`, \`€12.50\`) with the currency's own decimals; the shop's name, address, tax id and footer, and product, modifier and discount names, are shown as text (escaped), never as markup.

# Events

Every change to an order, a product, a customer or an API key, and every cash drawer opened or closed, is recorded as an event, in the same database transaction as the change: an event exists exactly when its change does. \`GET /v1/events\` lists them (permission \`orders:read\`), newest first, with the same pagination as other lists and a \`type\` filter.

${table(['type', 'recorded when'], EVENT_TYPES.map((type) => [code(type), EVENTS[type].description]))}

An event is \`{"id": "evt_...", "type", "created_at", "data": {"object": ...}}\`. \`data.object\` is the object as the API showed it right after the change: the full order for \`order.*\` events, the refund for \`refund.created\`, the product, the shortfall for \`inventory.shortfall\`, the customer, the API key's record (as List API keys shows it: never the key nor its hash), or the cash drawer for \`cash_drawer.*\`. Events are also pushed to webhook endpoints (below).

# Webhooks

A webhook endpoint (\`POST /v1/webhook_endpoints\`, permission \`webhooks:write\`; reading needs \`webhooks:read\`) receives the events of its merchant and environment whose types are in \`enabled_events\` (or all of them, \`["*"]\`). Sandbox and production endpoints are separate. A merchant has at most 16 endpoints per environment (as Stripe allows): a 17th is 400 ${code('webhook_endpoint_limit_reached')}.

**What an endpoint may receive** is exactly what its credential may read through \`/v1/events\`: orders and refunds with \`orders:read\`, products with \`products:read\`, customers with \`customers:read\`, cash drawers with \`cash_drawers:read\`, API keys with \`api_keys:write\` (a signed-in admin's). The credential is the one that made the endpoint, or the last one to change its \`url\` or \`enabled_events\` or to enable it.

- At create and update, an explicit event type the credential cannot read is **403** ${code('insufficient_permissions')} (\`param\` \`enabled_events\`; the message names the type and the permission it needs). \`["*"]\` is accepted from any credential and means every type it may read.
- At queueing (each event, and each resend) the credential's permissions are checked again as they stand then: the permissions it had when it bound the endpoint that it still holds. An endpoint whose key was revoked, whose user was removed or whose role lost a permission stops receiving what that permission read; update the endpoint with a current credential to bind it again. A resend answers in \`endpoint_ids\` only the endpoints it queued the event for. \`ping\` (a test) is always sent.
- \`order.*\` events sent to an endpoint whose credential lacks \`customers:read\` carry \`customer\` as \`{"id"}\` only.
- Endpoints made before credentials were recorded with them receive what they subscribe to until they are next updated.

Each event is sent as the [Standard Webhooks](https://www.standardwebhooks.com/) specification says, so a receiver using the \`standardwebhooks\` package verifies it unchanged:

- \`POST\` with \`Content-Type: application/json\`; the body is the event as \`GET /v1/events/:id\` shows it.
- \`webhook-id\`: the event id, the same on every retry (use it to drop duplicates); \`webhook-timestamp\`: Unix seconds of this attempt; \`webhook-signature\`: \`v1,\` then the base64 HMAC-SHA256 of \`{webhook-id}.{webhook-timestamp}.{body}\` keyed with the secret (the base64 after \`whsec_\`). After \`POST /v1/webhook_endpoints/:id/rotate_secret\`, one \`v1,\` signature per live secret, separated by spaces: the new secret's, and the replaced one's until its \`expires_in_seconds\` (default a day) have passed. Up to three earlier secrets sign at once, each until its own expiry, so a receiver that never got the answer of a rotation that timed out keeps verifying with the secret it has; a fourth retires the one closest to its expiry. \`expires_in_seconds: 0\` retires every earlier secret at once (a secret that leaked).
- The secret is answered when the endpoint is made and on rotation only. Till signs with it, so it keeps the secret itself, not a hash: encrypted at rest with the server's encryption key (\`SIGNING_KEY_ENCRYPTION_KEY\`, required in production).
- A 2xx answer is success. Anything else, no answer within the timeout (10 s by default) or a connection error is a failure, retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h (with up to 10% jitter), after which the delivery is failed. \`410 Gone\` disables the endpoint at once; so do 5 days in which every attempt failed. Redirects are not followed.
- Delivery is at least once: a receiver may see an event twice, never zero times. Per endpoint, events are first attempted in the order they were recorded; a retried event may arrive after later ones.
- Delivery is shared fairly: each server process sends 16 deliveries at once, taking the merchants (and environments) with deliveries due in turn, with at most 4 of one merchant's environment out at once across all processes. A receiver has 3 s to accept the connection (\`connect_timeout\`) and the timeout to answer; an endpoint whose last 2 attempts got no answer in time goes by a slow lane (4 deliveries at once per process, 2 per merchant's environment) until it answers in time again, so hanging receivers hold up neither other merchants nor the merchant's own other endpoints.
- Tests and resends (\`POST /v1/webhook_endpoints/:id/test\`, \`POST /v1/events/:id/resend\`) may queue 60 deliveries a minute per merchant and environment together; past that they are 429 ${code('rate_limited')} (the events' own deliveries are not limited).
- Addresses that resolve to loopback, private, link-local (the cloud metadata address included), carrier-grade NAT, unique-local IPv6 or multicast ranges, or IPv4-mapped IPv6 addresses of those, are refused when the connection is made (error \`blocked_address\` in the log); IPv4-compatible IPv6 addresses (\`::/96\`, such as \`::a9fe:a9fe\`) are refused always. In production only \`https\` URLs are accepted.
- \`GET /v1/webhook_endpoints/:id/deliveries\` lists every attempt, newest first; \`POST /v1/events/:id/resend\` sends an event again, \`POST /v1/webhook_endpoints/:id/test\` sends a \`ping\` event (\`data.object\` is \`{"endpoint_id"}\`).

# Reports

\`GET /v1/reports/sales?from=...&to=...&interval=hour\` (permission \`orders:read\`) answers the sales and refunds of the credential's merchant and environment over a range of at most 31 days: \`{currency, from, to, interval, totals: {orders, sales_amount, refunded_amount, refunds}, buckets: [{start, orders, sales_amount, refunded_amount}]}\`.

- A sale is an order that was paid (\`paid\`, \`partially_refunded\` or \`refunded\`), counted at its **payment time** (\`payment.paid_at\`), for its \`total\`; pending and canceled orders are not sales. A refund counts at the time it was made, whenever its order was paid. \`sales_amount\` is gross; net sales are \`sales_amount - refunded_amount\`.
- \`from\` is inclusive and \`to\` exclusive; both are date-times (with \`Z\` or an offset) and are answered as UTC.
- Buckets are computed on the server **in UTC**: whole UTC hours (\`interval=hour\`, the default) or UTC days (\`interval=day\`), oldest first, every one of the range present with zeros where nothing happened. The first bucket starts at \`from\` rounded down to its UTC hour or day. A client showing a local day passes that day's bounds (\`from=2026-11-21T00:00:00-05:00&to=2026-11-22T00:00:00-05:00\`) with hourly buckets; in a zone whose offset is not whole hours, the first and last buckets are partial.
- The figures are added up by the database (\`GROUP BY\` over indexes by payment and refund time), not by reading every order.

\`GET /v1/reports/end_of_day?date=2026-11-21&time_zone=America/New_York\` (permission \`reports:read\`: admins, managers and full-access API keys; not cashiers) is the end-of-day or **Z report**: the close of one business day, per register and in total.

- **How the day is cut**: \`date\` is a local date in \`time_zone\` (an IANA zone, default \`UTC\`; an unknown zone is 400 ${code('parameter_invalid')}), and the day runs from its local midnight (inclusive) to the next (exclusive), as the server's time zone database says: 23 or 25 hours on a day the clocks change. A sale at 23:30 in New York is on that date with \`time_zone=America/New_York\`, and on the next with \`UTC\`. \`from\` and \`to\` in the answer are the day's bounds in UTC.
- **What counts**: orders paid in the day (at \`payment.paid_at\`), refunds made in it (whenever their order was paid), and cash drawers closed in it (whenever they were opened).
- **Per register** (\`registers[]\`, by code): \`orders\`; \`sales\` (totals without tips, tax included), \`tips\`, \`tax\`; by tender \`cash_sales\` (the cash part, tips included) and \`card_sales\` (the rest); \`refunds\`, \`cash_refunds\`, \`card_refunds\`; \`net = sales + tips - refunds\`; the register's \`drawers\` closed that day with their expected and counted cash and \`over_short\`, and \`over_short\`, their sum. An order counts on the register of the drawer it was rung up on; a refund on the register of the drawer its cash came out of, or (paid from no drawer) on its order's register. What no drawer names is the last row, \`register: null\` (present only when there is any). \`totals\` adds up every row.
- **CSV**: \`format=csv\` (or \`Accept: text/csv\` without \`format\`) answers \`text/csv\` as an attachment \`end-of-day-<date>.csv\`: a header row, a row per register (\`(no register)\` for the null row), then \`(total)\`.

# Versioning and operations

All operations are under \`/v1\`. These answer without credentials: \`GET /healthz\` (the process is up), \`GET /readyz\` (the database answers), \`GET /v1/openapi.json\` (this document, OpenAPI 3.1, generated from the schemas that validate requests) and \`GET /docs\` (this page). \`GET /metrics\` (Prometheus text) is for the operator: it answers only the bearer token \`METRICS_TOKEN\` (401 otherwise), or only on a listener of its own (\`METRICS_PORT\`, and 404 on the API's port); with neither it answers 404.
`;
}

/** `[[400, ['invalid_request_error']], [401, ['authentication_error']], ...]`, by status. */
function typesByStatus(): Array<[number, string[]]> {
  const types = new Map<number, Set<string>>();
  for (const { status, type } of Object.values(ERROR_CODES)) types.set(status, (types.get(status) ?? new Set()).add(type));
  return [...types].sort(([a], [b]) => a - b).map(([status, set]) => [status, [...set]]);
}

function humanize(camel: string): string {
  return camel.replace(/[A-Z]/g, (letter) => ` ${letter.toLowerCase()}`).replace('oauth', 'OAuth');
}

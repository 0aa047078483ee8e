/**
 * `@till/client`: the typed client of the Till API.
 *
 *   const till = new Till({ apiKey: process.env.TILL_KEY, baseUrl: 'https://till.example.com' });
 *   const order = await till.orders.create({ items: [{ product_id, quantity: 2 }] });
 */
import { authorizationUrl, createPkce, exchangeCode, SourceCredentials, TokenCredentials, type AccessTokenSource, type TokenOptions, type Tokens } from './auth.js';
import { Transport, type ClientOptions } from './core.js';
import { AccountResource, ApiKeys, AuthResource, CashDrawers, Customers, DiscountCodes, Events, MerchantResource, Orders, Products, Reports, Users, WebhookEndpoints } from './resources.js';
import { verify } from './webhooks.js';

export type TillOptions = ClientOptions &
  (
    | { apiKey: string; tokens?: undefined; accessToken?: undefined }
    | (TokenOptions & { apiKey?: undefined; accessToken?: undefined })
    | { accessToken: AccessTokenSource; apiKey?: undefined; tokens?: undefined }
  );

export class Till {
  /** Webhook deliveries: `await Till.webhooks.verify(rawBody, headers, secret)`. */
  static readonly webhooks = { verify };
  /** User sign-in from an app: PKCE pair, authorization URL, code exchange. */
  static readonly oauth = { createPkce, authorizationUrl, exchangeCode };

  readonly orders: Orders;
  readonly products: Products;
  readonly discountCodes: DiscountCodes;
  readonly customers: Customers;
  readonly events: Events;
  readonly apiKeys: ApiKeys;
  readonly webhookEndpoints: WebhookEndpoints;
  readonly account: AccountResource;
  readonly users: Users;
  readonly reports: Reports;
  readonly cashDrawers: CashDrawers;
  readonly merchant: MerchantResource;
  readonly auth: AuthResource;
  private readonly tokenCredentials: TokenCredentials | undefined;

  /**
   * With `apiKey` (`sk_test_...`, `sk_live_...`), with a user's `tokens` (see `Till.oauth`), or with
   * an `accessToken` source when the app keeps the sign-in itself.
   */
  constructor(options: TillOptions) {
    let transport: Transport;
    if (options.tokens !== undefined) {
      this.tokenCredentials = new TokenCredentials(options, options);
      transport = new Transport(options, this.tokenCredentials);
    } else if (options.accessToken !== undefined) {
      transport = new Transport(options, new SourceCredentials(options.accessToken));
    } else {
      if (typeof options.apiKey !== 'string' || options.apiKey === '') {
        throw new TypeError('Till needs an apiKey (sk_test_... or sk_live_...), the tokens of a signed-in user, or an accessToken source.');
      }
      const authorization = `Bearer ${options.apiKey}`;
      transport = new Transport(options, { authorization: async () => authorization });
    }
    this.orders = new Orders(transport);
    this.products = new Products(transport);
    this.discountCodes = new DiscountCodes(transport);
    this.customers = new Customers(transport);
    this.events = new Events(transport);
    this.apiKeys = new ApiKeys(transport);
    this.webhookEndpoints = new WebhookEndpoints(transport);
    this.account = new AccountResource(transport);
    this.users = new Users(transport);
    this.reports = new Reports(transport);
    this.cashDrawers = new CashDrawers(transport);
    this.merchant = new MerchantResource(transport);
    this.auth = new AuthResource(transport);
  }

  /** The current tokens of a client built on tokens (after any refresh). */
  get tokens(): Tokens | undefined {
    return this.tokenCredentials?.current;
  }

  /** Renews the tokens now (one refresh however many ask at once). */
  refreshTokens(): Promise<Tokens> {
    if (this.tokenCredentials === undefined) return Promise.reject(new TypeError('This client holds an API key, not tokens.'));
    return this.tokenCredentials.refresh();
  }
}

export default Till;
export { authorizationUrl, createPkce, exchangeCode, type AccessTokenSource, type TokenOptions, type Tokens } from './auth.js';
export { ApiPromise, PagePromise, type ClientOptions, type Page, type Pagination, type RequestOptions, type WithResponse } from './core.js';
export * from './errors.js';
export type * from './resources.js';
export { verify as verifyWebhook, type HeadersLike, type WebhookEvent } from './webhooks.js';
export type { components, operations, paths } from './schema.js';

/**
 * The scenarios of the benchmark, in the order they run. Each names the credential it sends and
 * builds its request from the filled data; `check` reads one answer before the load, so a scenario
 * that would measure error answers (or a wrong `total`) says so.
 *
 * A scenario with another credential is two lines: a `credential` kind here, and its value in
 * `Credentials` (see credentials.ts).
 */
import type { FillSummary } from './bench-database.js';
import type { LoadRequest } from './load.js';

export type CredentialKind = 'api_key' | 'jwt';

export const CREDENTIAL_NAMES: Record<CredentialKind, string> = { api_key: 'API key', jwt: 'user access token (JWT)' };

export interface ScenarioInput {
  fill: FillSummary;
  /** The bearer token of the scenario's credential. */
  token: string;
  /** Paid orders to refund, newest first; enough for the run where the fill has them. */
  paidOrderIds: (limit: number) => Promise<string[]>;
  /** Requests the scenario may send in all (warm-up, check and measurement), at most. */
  maxRequests: number;
}

export interface PreparedScenario {
  request: LoadRequest | (() => LoadRequest);
  /** Facts about the run to keep with its figures (e.g. the list's total). */
  notes: Record<string, unknown>;
  /** Checks one answer of the scenario's request; throws with what is wrong. */
  check(status: number, body: string): Record<string, unknown>;
}

export interface Scenario {
  id: string;
  title: string;
  credential: CredentialKind;
  /** What the scenario does, for docs/performance.md. */
  description: string;
  prepare(input: ScenarioInput): Promise<PreparedScenario>;
}

const json = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });

function expectStatus(expected: number, status: number, body: string): void {
  if (status !== expected) throw new Error(`expected ${expected}, got ${status}: ${body.slice(0, 300)}`);
}

function getOrder(id: string, title: string, credential: CredentialKind): Scenario {
  return {
    id,
    title,
    credential,
    description: `\`GET /v1/orders/:id\` with ${credential === 'api_key' ? 'an API key' : 'a user access token (JWT)'}: a recent paid order with a customer and three line items (one statement builds the order's JSON; the credential is remembered after its first check).`,
    async prepare({ fill, token }) {
      return {
        request: { method: 'GET', path: `/v1/orders/${fill.getOrderId}`, headers: { authorization: `Bearer ${token}` } },
        notes: { order_id: fill.getOrderId },
        check: (status, body) => {
          expectStatus(200, status, body);
          return {};
        },
      };
    },
  };
}

function listOrders(id: string, page: number): Scenario {
  return {
    id,
    title: `List Orders, page ${page}`,
    credential: 'api_key',
    description: `\`GET /v1/orders?status=paid&created_at_min=…&created_at_max=…&per_page=20&page=${page}\`: paid orders of the last 90 days of the fill, page ${page}, with the exact \`total\` of every match.`,
    async prepare({ fill, token }) {
      const filter = fill.listFilter;
      const query = new URLSearchParams({
        status: filter.status,
        created_at_min: filter.createdAtMin,
        created_at_max: filter.createdAtMax,
        per_page: '20',
        page: String(page),
      });
      return {
        request: { method: 'GET', path: `/v1/orders?${query.toString()}`, headers: { authorization: `Bearer ${token}` } },
        notes: { filter: `status=${filter.status}, created_at ${filter.createdAtMin} to ${filter.createdAtMax}`, expected_total: filter.expectedTotal },
        check: (status, body) => {
          expectStatus(200, status, body);
          const list = JSON.parse(body) as { data: unknown[]; pagination: { total: number } };
          const expectedRows = Math.max(0, Math.min(20, filter.expectedTotal - (page - 1) * 20));
          if (list.data.length !== expectedRows) throw new Error(`page ${page} has ${list.data.length} orders, not ${expectedRows}`);
          return { total: list.pagination.total, total_exact: list.pagination.total === filter.expectedTotal };
        },
      };
    },
  };
}

/**
 * List Orders' `q`, cycling through three kinds of search: an order's number (spread over the fill),
 * a customer's e-mail prefix (`customer42@`), and a prefix of a recent order's id.
 */
const searchOrders: Scenario = {
  id: 'search-orders',
  title: 'Search Orders (q)',
  credential: 'api_key',
  description:
    '`GET /v1/orders?q=…&per_page=20`, cycling through an order number (spread over the fill), a customer e-mail prefix (`customer42@`) and a 12-character prefix of an order id: the first page and the exact `total` of the matches.',
  async prepare({ fill, token }) {
    let next = 0;
    const queries = (i: number) => [String(1001 + ((i * 7919) % fill.orders)), `customer${1 + (i % fill.customers)}@`, fill.getOrderId.slice(0, 12)];
    return {
      request: () => {
        const i = next++;
        const q = queries(Math.floor(i / 3))[i % 3]!;
        return { method: 'GET', path: `/v1/orders?${new URLSearchParams({ q, per_page: '20' }).toString()}`, headers: { authorization: `Bearer ${token}` } };
      },
      notes: { kinds: 'number, customer e-mail prefix, order id prefix' },
      check: (status, body) => {
        expectStatus(200, status, body);
        const list = JSON.parse(body) as { data: unknown[]; pagination: { total: number } };
        if (list.data.length === 0) throw new Error(`the search found nothing: ${body.slice(0, 300)}`);
        return { total: list.pagination.total };
      },
    };
  },
};

/** List Products' `q`, alternating a name prefix (`Product 4`: 11 of the 100) and an exact SKU (`P-57`). */
const searchProducts: Scenario = {
  id: 'search-products',
  title: 'Search Products (q)',
  credential: 'api_key',
  description: '`GET /v1/products?q=…&per_page=20`, alternating a name prefix (`Product 4`, 11 of the 100 products) and an exact SKU (`P-57`): the first page and the exact `total`.',
  async prepare({ token }) {
    let next = 0;
    const queries = ['Product 4', 'P-57'];
    return {
      request: () => ({ method: 'GET', path: `/v1/products?${new URLSearchParams({ q: queries[next++ % 2]!, per_page: '20' }).toString()}`, headers: { authorization: `Bearer ${token}` } }),
      notes: { kinds: 'name prefix, exact SKU' },
      check: (status, body) => {
        expectStatus(200, status, body);
        const list = JSON.parse(body) as { data: unknown[]; pagination: { total: number } };
        if (list.data.length === 0) throw new Error(`the search found nothing: ${body.slice(0, 300)}`);
        return { total: list.pagination.total };
      },
    };
  },
};

export const SCENARIOS: readonly Scenario[] = [
  getOrder('get-order', 'Get Order (API key)', 'api_key'),
  getOrder('get-order-jwt', 'Get Order (JWT)', 'jwt'),
  listOrders('list-page-1', 1),
  listOrders('list-page-500', 500),
  searchOrders,
  searchProducts,
  {
    id: 'create-order',
    title: 'Create Order, 3 line items',
    credential: 'api_key',
    description:
      '`POST /v1/orders` with three line items of products whose stock is tracked (one quantity each, three different products from a catalogue of 100, taken in turn), no customer: reserves stock, writes the order, its items and an `order.created` event in one transaction.',
    async prepare({ fill, token }) {
      let next = 0;
      const products = fill.productIds;
      return {
        request: () => {
          const first = (next++ * 3) % products.length;
          const items = [0, 1, 2].map((i) => ({ product_id: products[(first + i) % products.length]!, quantity: 1 }));
          return { method: 'POST', path: '/v1/orders', headers: json(token), body: JSON.stringify({ items }) };
        },
        notes: { products: products.length },
        check: (status, body) => {
          expectStatus(201, status, body);
          const order = JSON.parse(body) as { items: unknown[]; status: string };
          if (order.items.length !== 3 || order.status !== 'pending') throw new Error(`unexpected order: ${body.slice(0, 300)}`);
          return {};
        },
      };
    },
  },
  {
    id: 'refund-order',
    title: 'Refund Order, partial',
    credential: 'api_key',
    description:
      '`POST /v1/orders/:id/refund` with `{"amount": 100}` (one dollar of an order of at least $1.62), each request on another paid order, newest first: locks the order, writes the refund, updates the order and records `refund.created` and `order.refunded` (with the full order) in one transaction.',
    async prepare({ token, paidOrderIds, maxRequests }) {
      const ids = await paidOrderIds(maxRequests);
      if (ids.length === 0) throw new Error('the fill has no paid order to refund');
      let next = 0;
      const notes: Record<string, unknown> = { paid_orders: ids.length };
      return {
        request: () => {
          if (next === ids.length) notes.orders_refunded_twice = true;
          const id = ids[next++ % ids.length]!;
          return { method: 'POST', path: `/v1/orders/${id}/refund`, headers: json(token), body: '{"amount":100}' };
        },
        notes,
        check: (status, body) => {
          expectStatus(200, status, body);
          return {};
        },
      };
    },
  },
];

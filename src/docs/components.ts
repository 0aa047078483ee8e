/**
 * The shared schemas of the OpenAPI document: each is shown once under `components.schemas`, by this
 * name, and referenced from every operation and schema that uses it.
 *
 * The entries are the very schema objects the routes validate and serialize with. A route schema
 * that contains one of them (the same object, or a copy of it) is documented with a `$ref` in its place.
 */
import type { TSchema } from 'typebox';
import { Account, AccountUser, PasswordChanged, Session, SessionClient, SessionList } from '../account/schemas.js';
import { ApiKey, ApiKeyList, CreatedApiKey } from '../api-keys/schemas.js';
import { Customer, CustomerList } from '../customers/schemas.js';
import { ErrorBody } from '../errors.js';
import { Event, EventList } from '../events/schemas.js';
import { Pagination } from '../http/schemas.js';
import {
  LineItem,
  Order,
  OrderCustomer,
  OrderList,
  OrderStatus,
  OrderSummary,
  Payment,
  PaymentMethod,
  Refund,
  RefundItem,
  RefundReason,
} from '../orders/schemas.js';
import { TokenResponse } from '../oauth/refresh-route.js';
import { Product, ProductList } from '../products/schemas.js';
import { SalesBucket, SalesReport } from '../reports/schemas.js';
import { User, UserList } from '../team/schemas.js';

export const COMPONENTS: ReadonlyArray<readonly [name: string, schema: TSchema]> = [
  ['Error', ErrorBody],
  ['Pagination', Pagination],
  ['Order', Order],
  ['OrderStatus', OrderStatus],
  ['OrderSummary', OrderSummary],
  ['OrderList', OrderList],
  ['LineItem', LineItem],
  ['OrderCustomer', OrderCustomer],
  ['Payment', Payment],
  ['PaymentMethod', PaymentMethod],
  ['Refund', Refund],
  ['RefundItem', RefundItem],
  ['RefundReason', RefundReason],
  ['Product', Product],
  ['ProductList', ProductList],
  ['Customer', Customer],
  ['CustomerList', CustomerList],
  ['Event', Event],
  ['EventList', EventList],
  ['TokenResponse', TokenResponse],
  ['ApiKey', ApiKey],
  ['ApiKeyList', ApiKeyList],
  ['CreatedApiKey', CreatedApiKey],
  ['Account', Account],
  ['AccountUser', AccountUser],
  ['Session', Session],
  ['SessionClient', SessionClient],
  ['SessionList', SessionList],
  ['PasswordChanged', PasswordChanged],
  ['User', User],
  ['UserList', UserList],
  ['SalesReport', SalesReport],
  ['SalesBucket', SalesBucket],
];

const NAMES = new Map<object, string>(COMPONENTS.map(([name, schema]) => [schema, name]));
/** TypeBox's `Type.Optional(X)` is a copy of X (with a hidden marker): such copies are found by content. */
const NAMES_BY_CONTENT = new Map<string, string>(COMPONENTS.map(([name, schema]) => [JSON.stringify(schema), name]));

function nameOf(schema: object): string | undefined {
  return NAMES.get(schema) ?? NAMES_BY_CONTENT.get(JSON.stringify(schema));
}

/**
 * A copy of `schema` in which every shared schema it contains is replaced by a reference to it
 * (`{ $ref: 'Order#' }`, which @fastify/swagger turns into `#/components/schemas/Order`).
 * `root` itself is kept, so that a component's own definition can be written out.
 *
 * @example referenceComponents(OrderList) // { type: 'object', properties: { data: { type: 'array', items: { $ref: 'OrderSummary#' } }, ... } }
 */
export function referenceComponents(schema: unknown, root?: unknown): unknown {
  if (Array.isArray(schema)) return schema.map((item) => referenceComponents(item));
  if (schema === null || typeof schema !== 'object') return schema;
  const name = nameOf(schema);
  if (name !== undefined && schema !== root) return { $ref: `${name}#` };
  return Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, referenceComponents(value)]));
}

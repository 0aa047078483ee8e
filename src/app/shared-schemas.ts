/**
 * The list of shared schemas (see `http/shared-schemas.ts` for how they are registered and referred
 * to): the one place that names the shared objects of every module.
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
  OrderDispute,
  OrderList,
  OrderStatus,
  OrderSummary,
  Payment,
  PaymentMethod,
  Refund,
  RefundItem,
  RefundReason,
} from '../orders/schemas.js';
import { Merchant, MerchantAddress } from '../merchants/schemas.js';
import { TokenResponse } from '../oauth/refresh-route.js';
import { Product, ProductList } from '../products/schemas.js';
import { SalesBucket, SalesReport } from '../reports/schemas.js';
import { User, UserList } from '../team/schemas.js';

/**
 * Every shared schema, in the order of `components.schemas` in the OpenAPI document. Their names are
 * their `$id`s; one missing here fails at startup, as a `$ref` Fastify cannot resolve.
 */
export const SHARED_SCHEMAS: readonly TSchema[] = [
  ErrorBody,
  Pagination,
  Order,
  OrderStatus,
  OrderSummary,
  OrderList,
  LineItem,
  OrderCustomer,
  Payment,
  PaymentMethod,
  Refund,
  RefundItem,
  RefundReason,
  OrderDispute,
  Product,
  ProductList,
  Customer,
  CustomerList,
  Event,
  EventList,
  TokenResponse,
  ApiKey,
  ApiKeyList,
  CreatedApiKey,
  Account,
  AccountUser,
  Session,
  SessionClient,
  SessionList,
  PasswordChanged,
  User,
  UserList,
  SalesReport,
  SalesBucket,
  Merchant,
  MerchantAddress,
];

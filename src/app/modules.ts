/**
 * The modules the API serves, in one list (`MODULES`): each entry gives a module's routes and the
 * schemas it shares by `$id` (an order, a product, a page of them...). A new module is one line
 * here; `build-app.ts` registers the routes and `shared-schemas.ts` gathers the schemas from it.
 *
 * The list's order is the OpenAPI document's: routes are registered in it (the order of `paths`),
 * and schemas gathered in it (the order of `components.schemas`). OAuth's token response is listed
 * with the resources and its refresh route after the webhooks, so OAuth has two entries.
 */
import type { FastifyInstance } from 'fastify';
import type { TSchema } from 'typebox';
import { Account, AccountUser, PasswordChanged, Session, SessionClient, SessionList } from '../account/schemas.js';
import { accountRoutes } from '../account/routes.js';
import { apiKeyRoutes } from '../api-keys/routes.js';
import { cashDrawerRoutes } from '../cash-drawers/routes.js';
import { CashDrawer, CashDrawerList, CashDrawerMovement } from '../cash-drawers/schemas.js';
import { ApiKey, ApiKeyList, CreatedApiKey } from '../api-keys/schemas.js';
import type { Config } from '../config.js';
import { customerRoutes } from '../customers/routes.js';
import { discountCodeRoutes } from '../discount-codes/routes.js';
import { DiscountCode, DiscountCodeList } from '../discount-codes/schemas.js';
import { Customer, CustomerList } from '../customers/schemas.js';
import { eventRoutes } from '../events/routes.js';
import { Event, EventList } from '../events/schemas.js';
import { merchantRoutes } from '../merchants/routes.js';
import { Merchant, MerchantAddress } from '../merchants/schemas.js';
import { refreshRoute, TokenResponse } from '../oauth/refresh-route.js';
import { orderRoutes } from '../orders/routes.js';
import {
  AppliedDiscount,
  LineItem,
  LineItemModifier,
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
import { stripeEventRoutes } from '../payments/stripe-event-routes.js';
import type { StripeLookups } from '../payments/stripe-lookup.js';
import { productRoutes } from '../products/routes.js';
import { CatalogueCopy, ModifierGroup, ModifierOption, Product, ProductList } from '../products/schemas.js';
import { receiptRoutes } from '../receipts/routes.js';
import { Receipt, ReceiptEmail, ReceiptLink, ReceiptPayment, ReceiptRefund, ReceiptShop } from '../receipts/schemas.js';
import { reportRoutes } from '../reports/routes.js';
import { EndOfDayDrawer, EndOfDayRegister, EndOfDayReport, SalesBucket, SalesReport } from '../reports/schemas.js';
import { teamRoutes } from '../team/routes.js';
import { User, UserList } from '../team/schemas.js';
import { webhookRoutes } from '../webhooks/routes.js';

/** What a module's routes are registered with. */
export interface ModuleContext {
  config: Config;
  lookups: StripeLookups;
}

export interface AppModule {
  name: string;
  /** Registers the module's routes on the app. */
  routes?: (app: FastifyInstance, context: ModuleContext) => PromiseLike<unknown>;
  /** The objects the module shares by `$id`, in the order the document lists them. */
  schemas?: readonly TSchema[];
}

export const MODULES: readonly AppModule[] = [
  {
    name: 'orders',
    routes: (app) => app.register(orderRoutes),
    schemas: [Order, OrderStatus, OrderSummary, OrderList, LineItem, LineItemModifier, AppliedDiscount, OrderCustomer, Payment, PaymentMethod, Refund, RefundItem, RefundReason, OrderDispute],
  },
  { name: 'receipts', routes: (app) => app.register(receiptRoutes), schemas: [Receipt, ReceiptShop, ReceiptPayment, ReceiptRefund, ReceiptLink, ReceiptEmail] },
  { name: 'products', routes: (app) => app.register(productRoutes), schemas: [Product, ProductList, CatalogueCopy, ModifierGroup, ModifierOption] },
  { name: 'customers', routes: (app) => app.register(customerRoutes), schemas: [Customer, CustomerList] },
  { name: 'discount-codes', routes: (app) => app.register(discountCodeRoutes), schemas: [DiscountCode, DiscountCodeList] },
  { name: 'cash-drawers', routes: (app) => app.register(cashDrawerRoutes), schemas: [CashDrawer, CashDrawerMovement, CashDrawerList] },
  { name: 'events', routes: (app) => app.register(eventRoutes), schemas: [Event, EventList] },
  { name: 'oauth', schemas: [TokenResponse] },
  { name: 'api-keys', routes: (app) => app.register(apiKeyRoutes), schemas: [ApiKey, ApiKeyList, CreatedApiKey] },
  { name: 'account', routes: (app) => app.register(accountRoutes), schemas: [Account, AccountUser, Session, SessionClient, SessionList, PasswordChanged] },
  { name: 'team', routes: (app) => app.register(teamRoutes), schemas: [User, UserList] },
  { name: 'reports', routes: (app) => app.register(reportRoutes), schemas: [SalesReport, SalesBucket, EndOfDayReport, EndOfDayRegister, EndOfDayDrawer] },
  { name: 'merchants', routes: (app) => app.register(merchantRoutes), schemas: [Merchant, MerchantAddress] },
  { name: 'webhooks', routes: (app, { config }) => app.register(webhookRoutes, { production: config.production }) },
  { name: 'oauth', routes: (app) => app.register(refreshRoute) },
  {
    name: 'payments',
    routes: (app, { config, lookups }) => app.register(stripeEventRoutes, { secrets: config.stripeWebhookSecrets, lookups, bodyLimit: config.bodyLimitBytes }),
  },
];

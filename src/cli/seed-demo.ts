/**
 * The demo shop: a merchant with a small catalogue, a few customers and a week of sandbox orders in
 * every status, made through the same operations as the API so that it holds nothing the API could
 * not have produced.
 */
import { createOAuthClient, findOAuthClient, type OAuthClient } from '../auth/oauth-clients.js';
import type { Tenant } from '../auth/principal.js';
import type { Db } from '../db/connection.js';
import { randomBase62 } from '../ids.js';
import { createMerchant } from '../merchants/create-merchant.js';
import { cancelOrder } from '../orders/cancel-order.js';
import { captureOrder } from '../orders/capture-order.js';
import { createOrder } from '../orders/create-order.js';
import { refundOrder } from '../orders/refund-order.js';
import type { RefundOrderBody } from '../orders/schemas.js';
import { createCustomer } from '../customers/create-customer.js';
import { createProduct } from '../products/create-product.js';
import type { CreateProductBody } from '../products/schemas.js';
import { commandServices } from '../app/services.js';
import type { Config } from '../config.js';
import type { Services } from '../services.js';
import { systemClock, type Clock } from '../time.js';
import { countProducts } from '../db/catalog/products.js';
import { oauthClientIdsNamed } from '../db/identity/signing-keys.js';
import { merchantOfEmail } from '../db/identity/users.js';

export const DEMO_MERCHANT = { name: 'Demo Coffee Shop', email: 'demo@till.local', currency: 'USD', taxRateBps: 825 } as const;

export interface DemoShop {
  merchantId: string;
  /** The admin user's password, known only when the shop was created by this call. */
  password: string | undefined;
  /** True when this call created the shop's catalogue and orders. */
  seeded: boolean;
}

/**
 * Finds the demo merchant or creates it. Its catalogue and orders are made once: when the merchant
 * already has sandbox products, nothing is added (an interrupted first run is completed instead).
 */
export async function prepareDemoShop(db: Db, config: Config): Promise<DemoShop> {
  let password: string | undefined;
  let merchantId = await merchantOfEmail(db, DEMO_MERCHANT.email);
  if (merchantId === undefined) {
    password = `demo-${randomBase62(16)}`;
    const created = await createMerchant(db, systemClock, { ...DEMO_MERCHANT, password });
    merchantId = created.merchant.id;
  }
  const tenant: Tenant = { merchantId, environment: 'sandbox' };
  const seeded = (await countProducts(db, tenant)) === 0;
  if (seeded) await seedDemoData(db, config, tenant);
  return { merchantId, password, seeded };
}

/**
 * The demo's OAuth client, for signing in as the demo admin by hand: a loopback redirect URI (any
 * port matches, so a browser can be sent to whatever port one picks) and a private-use scheme, as a
 * mobile app would register.
 */
export const DEMO_CLIENT = { name: 'Till demo app', redirectUris: ['http://127.0.0.1/callback', 'com.example.till:/oauth/callback'] } as const;

/** The demo's OAuth client: the one an earlier run registered, else a new one. */
export async function prepareDemoClient(db: Db): Promise<{ client: OAuthClient; created: boolean }> {
  for (const id of await oauthClientIdsNamed(db, DEMO_CLIENT.name)) {
    const client = await findOAuthClient(db, id);
    // One the operator registered under the same name with other redirect URIs is not the demo's.
    if (client !== undefined && DEMO_CLIENT.redirectUris.every((uri) => client.redirect_uris.includes(uri))) return { client, created: false };
  }
  return { client: await createOAuthClient(db, systemClock, { name: DEMO_CLIENT.name, redirectUris: [...DEMO_CLIENT.redirectUris] }), created: true };
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

type ProductKey = 'espresso' | 'cappuccino' | 'croissant' | 'beans' | 'drip' | 'pumpkin';
type CustomerKey = 'ada' | 'grace' | 'alan';

const CATALOGUE: Record<ProductKey, CreateProductBody> = {
  espresso: { name: 'Espresso', price: 325, inventory: 500, category: 'Coffee' },
  // A Size to choose (required) and a Milk to add (optional, one at most): "Oat +0.50" on a line.
  cappuccino: {
    name: 'Cappuccino',
    price: 450,
    inventory: 300,
    category: 'Coffee',
    modifier_groups: [
      { name: 'Size', required: true, max_selected: 1, options: [{ name: 'Small', price_delta: 0 }, { name: 'Large', price_delta: 50 }] },
      { name: 'Milk', required: false, max_selected: 1, options: [{ name: 'Oat', price_delta: 50 }] },
    ],
  },
  croissant: { name: 'Butter Croissant', price: 375, inventory: 40, category: 'Bakery' },
  // Sold off the shelf with its barcode, which the register's scanner reads.
  beans: { name: 'House Blend Beans 340 g', price: 1800, inventory: 25, category: 'Beans', barcode: '4006381333931' },
  // Brewed by the urn: nobody counts cups, so stock is not tracked.
  drip: { name: 'Drip Coffee', price: 275, inventory: null, category: 'Coffee' },
  // Off the menu until autumn: inactive products cannot be ordered.
  pumpkin: { name: 'Pumpkin Spice Latte', price: 575, inventory: 0, active: false, category: 'Coffee' },
};

const CUSTOMERS: Record<CustomerKey, { name: string; email: string | null }> = {
  ada: { name: 'Ada Lovelace', email: 'ada@example.com' },
  grace: { name: 'Grace Hopper', email: 'grace@example.com' },
  alan: { name: 'Alan Turing', email: null },
};

type Step =
  | { after: number; capture: string | null }
  | { after: number; refund: Omit<RefundOrderBody, 'items'> & { items?: Array<[ProductKey, number]> } }
  | { after: number; cancel: true };

/** A line: the product, its units, and the names of the modifier options chosen (none when left out). */
type DemoLine = [ProductKey, number, string[]?];

interface DemoOrder {
  ago: number;
  customer: CustomerKey | null;
  items: DemoLine[];
  payment: 'card' | 'cash';
  steps: Step[];
}

/** Capture takes a sandbox test token for card orders and nothing (null) for cash. */
const ORDERS: DemoOrder[] = [
  { ago: 6 * DAY, customer: 'ada', items: [['cappuccino', 2, ['Large', 'Oat']], ['croissant', 1]], payment: 'card', steps: [{ after: 2 * MINUTE, capture: 'tok_visa' }] },
  { ago: 5 * DAY, customer: null, items: [['espresso', 1], ['drip', 1]], payment: 'cash', steps: [{ after: MINUTE, capture: null }] },
  {
    ago: 4 * DAY,
    customer: 'grace',
    items: [['beans', 1], ['espresso', 2]],
    payment: 'card',
    steps: [
      { after: 3 * MINUTE, capture: 'tok_mastercard' },
      { after: DAY, refund: { items: [['espresso', 1]], reason: 'customer_request' } },
    ],
  },
  {
    ago: 3 * DAY,
    customer: 'alan',
    items: [['drip', 1], ['croissant', 1]],
    payment: 'card',
    steps: [
      { after: MINUTE, capture: 'tok_amex' },
      { after: 2 * HOUR, refund: { reason: 'duplicate' } },
    ],
  },
  { ago: 2 * DAY, customer: 'ada', items: [['croissant', 3]], payment: 'card', steps: [{ after: 15 * MINUTE, cancel: true }] },
  {
    ago: DAY,
    customer: 'ada',
    items: [['beans', 1]],
    payment: 'card',
    steps: [
      { after: 2 * MINUTE, capture: 'tok_visa' },
      { after: 3 * HOUR, refund: { amount: 500, reason: 'other' } },
    ],
  },
  { ago: 2 * HOUR, customer: 'grace', items: [['cappuccino', 1, ['Small']]], payment: 'card', steps: [] },
  { ago: 20 * MINUTE, customer: null, items: [['drip', 2]], payment: 'cash', steps: [] },
];

/** A clock moved by hand, so that the demo's orders spread over the past week instead of one second. */
class ScriptedClock implements Clock {
  constructor(private at: number) {}
  now(): Date {
    return new Date(this.at);
  }
  set(at: number): void {
    this.at = at;
  }
}

async function seedDemoData(db: Db, config: Config, tenant: Tenant): Promise<void> {
  const start = Date.now();
  const clock = new ScriptedClock(start - 7 * DAY);
  const services: Services = commandServices(config, db, clock);

  const products = {} as Record<ProductKey, string>;
  /** Option ids by product and option name. */
  const options = {} as Record<ProductKey, Map<string, string>>;
  for (const [key, body] of Object.entries(CATALOGUE) as Array<[ProductKey, CreateProductBody]>) {
    const product = await createProduct(services, tenant, body);
    products[key] = product.id;
    options[key] = new Map(product.modifier_groups.flatMap((group) => group.options.map((option) => [option.name, option.id] as const)));
  }
  const customers = {} as Record<CustomerKey, string>;
  for (const [key, body] of Object.entries(CUSTOMERS) as Array<[CustomerKey, { name: string; email: string | null }]>) {
    customers[key] = (await createCustomer(services, tenant, body)).id;
  }

  for (const demo of ORDERS) {
    let at = start - demo.ago;
    clock.set(at);
    const { order } = await createOrder(services, tenant, {
      items: demo.items.map(([product, quantity, chosen = []]) => ({
        product_id: products[product],
        quantity,
        ...(chosen.length === 0 ? {} : { modifiers: chosen.map((name) => ({ option_id: options[product].get(name)! })) }),
      })),
      customer_id: demo.customer === null ? null : customers[demo.customer],
      payment_method: demo.payment,
    });
    for (const step of demo.steps) {
      at += step.after;
      clock.set(at);
      if ('capture' in step) {
        await captureOrder(services, tenant, order.id, step.capture === null ? {} : { payment_token: step.capture });
      } else if ('cancel' in step) {
        await cancelOrder(services, tenant, order.id);
      } else {
        const { items, ...money } = step.refund;
        const lineOf = (product: ProductKey) => order.items.find((line) => line.product_id === products[product])!.id;
        await refundOrder(services, tenant, order.id, {
          ...money,
          ...(items === undefined ? {} : { items: items.map(([product, quantity]) => ({ line_item_id: lineOf(product), quantity })) }),
        });
      }
    }
  }
}

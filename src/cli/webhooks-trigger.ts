/**
 * `till webhooks trigger <type>`: makes an event of that type happen in the sandbox through the API,
 * as `stripe trigger` does, so a receiver (or `till webhooks listen`) gets a real one without
 * writing an order by hand: `order.paid` creates a product and an order and captures it with the
 * test card `tok_visa`, `customer.created` creates a customer, `cash_drawer.closed` opens a drawer
 * on a register of its own and closes it, and so on. It takes a sandbox key only
 * (`sk_test_...`): it makes test data. `api_key.*` events are not triggered, as they would make a
 * real credential.
 */
import { randomBytes } from 'node:crypto';
import type { Command } from 'commander';
import { EVENT_TYPES, type EventType } from '../events/event-types.js';
import { KEY_PREFIXES } from '../auth/api-keys.js';
import { apiError, apiKeyOf, callApi, withApiCredential, type ApiCredentialOptions } from './api-credential.js';
import { CliError } from './cli-error.js';
import { printResult, type OutputOptions } from './output.js';

type Call = (method: string, path: string, body?: unknown) => Promise<{ id: string; [field: string]: unknown }>;

/** What makes each event: the objects made, in order; the last names the event's object. Keyed by the one list of types. */
const RECIPES: Partial<Record<EventType, (call: Call) => Promise<Array<{ what: string; id: string }>>>> = {
  'product.created': async (call) => [{ what: 'product created', id: (await product(call)).id }],
  'product.updated': async (call) => {
    const made = await product(call);
    await call('PATCH', `/v1/products/${made.id}`, { price: 600 });
    return [{ what: 'product created, then its price changed', id: made.id }];
  },
  'customer.created': async (call) => [{ what: 'customer created', id: (await customer(call)).id }],
  'customer.updated': async (call) => {
    const made = await customer(call);
    await call('PATCH', `/v1/customers/${made.id}`, { name: 'Trigger Customer (updated)' });
    return [{ what: 'customer created, then renamed', id: made.id }];
  },
  'order.created': async (call) => order(call, []),
  'order.updated': async (call) => order(call, ['update']),
  'order.paid': async (call) => order(call, ['capture']),
  'order.canceled': async (call) => order(call, ['cancel']),
  'order.refunded': async (call) => order(call, ['capture', 'refund']),
  'refund.created': async (call) => order(call, ['capture', 'refund'], true),
  'cash_drawer.opened': async (call) => [{ what: 'cash drawer opened with a float of 10000', id: (await drawer(call)).id }],
  'cash_drawer.closed': async (call) => {
    const made = await drawer(call);
    await call('POST', `/v1/cash_drawers/${made.id}/close`, { counted_cash: 10000 });
    return [{ what: 'cash drawer opened with a float of 10000, then counted and closed', id: made.id }];
  },
};

export const TRIGGERABLE = EVENT_TYPES.filter((type) => RECIPES[type] !== undefined);

async function product(call: Call) {
  return call('POST', '/v1/products', { name: 'Trigger item', price: 500, inventory: 100 });
}

async function customer(call: Call) {
  return call('POST', '/v1/customers', { name: 'Trigger Customer', email: `trigger-${randomBytes(4).toString('hex')}@example.com` });
}

/** A drawer on a register of its own, so that no open drawer of the shop's registers is in the way. */
async function drawer(call: Call) {
  return call('POST', '/v1/cash_drawers', { register: `trigger-${randomBytes(4).toString('hex')}`, opening_float: 10000 });
}

async function order(call: Call, steps: Array<'update' | 'capture' | 'cancel' | 'refund'>, refundLast = false): Promise<Array<{ what: string; id: string }>> {
  const item = await product(call);
  const made = await call('POST', '/v1/orders', { items: [{ product_id: item.id, quantity: 1 }] });
  const done = [{ what: 'product created', id: item.id }];
  const names: string[] = ['order created'];
  for (const step of steps) {
    if (step === 'update') await call('PATCH', `/v1/orders/${made.id}`, { items: [{ product_id: item.id, quantity: 2 }] });
    if (step === 'capture') await call('POST', `/v1/orders/${made.id}/capture`, { payment_token: 'tok_visa' });
    if (step === 'cancel') await call('POST', `/v1/orders/${made.id}/cancel`);
    if (step === 'refund') {
      const refund = await call('POST', `/v1/orders/${made.id}/refund`, {});
      const refunded = { what: `${names.join(', ')}, refunded in full`, id: made.id };
      const created = { what: 'refund created', id: refund.id };
      // The event's object last: the order for order.refunded, the refund for refund.created.
      return refundLast ? [...done, refunded, created] : [...done, created, refunded];
    }
    names.push(step === 'update' ? 'edited to 2 units' : step === 'capture' ? 'captured with tok_visa' : 'canceled');
  }
  return [...done, { what: names.join(', '), id: made.id }];
}

interface TriggerOptions extends ApiCredentialOptions, OutputOptions {}

export function registerWebhooksTrigger(webhooks: Command): void {
  const trigger = webhooks
    .command('trigger')
    .description(`make a sandbox event of this type happen through the API: ${TRIGGERABLE.join(', ')}`)
    .argument('<type>', 'the event type, e.g. order.paid')
    .option('--json', 'print {"type", "objects": [{"what", "id"}], "event_id"} instead of text');
  withApiCredential(trigger, 'a sandbox key, sk_test_...').action(async (type: string, options: TriggerOptions) => {
    const recipe = RECIPES[type as EventType];
    if (recipe === undefined) {
      const why = type.startsWith('api_key.') ? 'api_key.* events would make a real credential; create and revoke a key yourself' : 'unknown event type';
      throw new CliError(`cannot trigger "${type}" (${why}); these can be: ${TRIGGERABLE.join(', ')}`);
    }
    const key = apiKeyOf(options);
    if (!key.startsWith(KEY_PREFIXES.sandbox)) throw new CliError(`till webhooks trigger makes test data: give it a sandbox key (${KEY_PREFIXES.sandbox}...)`);
    const call: Call = async (method, path, body) => {
      const answer = await callApi(options.apiUrl, key, method, path, body ?? (method === 'POST' ? {} : undefined));
      if (answer.status >= 300) throw new CliError(`${method} ${path} answered ${apiError(answer)}`);
      return answer.body as { id: string };
    };
    const objects = await recipe(call);
    const subject = objects[objects.length - 1]!.id;
    const events = await callApi<{ data: Array<{ id: string; data: { object: { id: string } } }> }>(options.apiUrl, key, 'GET', `/v1/events?per_page=20&type=${type}`);
    const eventId = events.status === 200 ? (events.body.data.find((e) => e.data.object.id === subject)?.id ?? null) : null;
    const result = { type, objects, event_id: eventId };
    printResult(options, result, () =>
      [`Triggered ${type}${eventId === null ? '' : ` (${eventId})`}:`, ...objects.map((o) => `  ${o.id}  ${o.what}`)].join('\n'),
    );
  });
}

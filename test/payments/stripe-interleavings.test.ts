/**
 * Captures, refunds and cancels of one order from many concurrent requests, against the local Stripe server
 * misbehaving at random (its 409 for a key in flight, delays, 500s, connections dropped before and
 * after it acts, a 3-D Secure challenge finished late) and a `till serve` process killed (SIGKILL) at
 * a random Stripe call and started again. After each interleaving every call is settled (the
 * cashier's retries, faults off), then Stripe's record of the money is the judge:
 *
 * - the sum Stripe captured for the order is its total if Till says paid (or refunded), else 0;
 * - the sum Stripe refunded equals the order's `refunded_amount`;
 * - every 200 answer agrees with a later GET (a paid order's payment; a refund listed as answered).
 *
 * fast-check drives it; STRIPE_FUZZ_SEED and STRIPE_FUZZ_RUNS repeat or lengthen a run, and a failure
 * prints the seed, the path and the interleaving.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { after, before, test } from 'node:test';
import fc from 'fast-check';
import { describeEachBackend } from '../helpers/backends.js';
import { Api, createProduct, createTestMerchant, startTestServer, type ApiResponse, type TestMerchant, type TestServer } from '../helpers/server.js';
import { until } from '../helpers/wait.js';
import { startStripeServer, type StripeFault, type StripeTestServer } from '../helpers/stripe-server.js';
import { tillServe, type Serving } from '../http/serve-process.js';
import { createOrder, getOrder } from '../orders/support.js';

const SEED = Number(process.env.STRIPE_FUZZ_SEED ?? 20261126);
const RUNS = Number(process.env.STRIPE_FUZZ_RUNS ?? 100);
const TOKENS = ['pm_card_visa', 'pm_card_visa', 'pm_card_mastercard', 'pm_card_chargeDeclined', 'pm_card_authenticationRequired'] as const;

type Operation = { kind: 'capture'; token: (typeof TOKENS)[number] } | { kind: 'refund'; amount: number | undefined } | { kind: 'cancel' };

interface Interleaving {
  price: number;
  operations: Operation[];
  /** Each Stripe call's fault, in the order the calls arrive (then none). */
  faults: StripeFault[];
  /** Till is killed when Stripe has carried out this call (counted from 0), if set. */
  killAt: number | undefined;
  /** The customer finishes every 3-D Secure challenge of the order after the requests. */
  finishChallenges: boolean;
  /** The order is paid before the requests (so that their refunds have money to give back). */
  paidFirst: boolean;
}

const fault: fc.Arbitrary<StripeFault> = fc.record({
  delayMs: fc.integer({ min: 0, max: 120 }),
  fail: fc.constantFrom(undefined, undefined, undefined, undefined, 'error_500', 'drop_before', 'drop_after'),
}).map(({ delayMs, fail }) => (fail === undefined ? { delayMs } : { delayMs, fail }));

const interleaving: fc.Arbitrary<Interleaving> = fc.record({
  price: fc.integer({ min: 100, max: 9_000 }),
  operations: fc.array(
    fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...TOKENS).map((token): Operation => ({ kind: 'capture', token })) },
      { weight: 2, arbitrary: fc.option(fc.integer({ min: 1, max: 3_000 }), { nil: undefined }).map((amount): Operation => ({ kind: 'refund', amount })) },
      { weight: 1, arbitrary: fc.constant<Operation>({ kind: 'cancel' }) },
    ),
    { minLength: 2, maxLength: 6 },
  ),
  faults: fc.array(fault, { maxLength: 12 }),
  killAt: fc.oneof({ weight: 5, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.integer({ min: 0, max: 6 }) }),
  finishChallenges: fc.boolean(),
  paidFirst: fc.boolean(),
});

describeEachBackend('captures and refunds of one order, whatever the interleaving', (backend) => {
  let stripe: StripeTestServer;
  let server: TestServer;
  let shop: TestMerchant;
  let serving: Serving;
  let api: Api;

  const env = () => ({ PAYMENT_PROCESSOR: 'stripe', STRIPE_SECRET_KEY: 'sk_live_tillInterleavings', STRIPE_API_BASE: stripe.url });
  const alive = () => serving.child.exitCode === null && serving.child.signalCode === null;

  async function startTill(): Promise<void> {
    serving = await tillServe(server, env());
    api = new Api(serving.url.origin, shop.productionKey);
  }

  before(async () => {
    stripe = await startStripeServer();
    server = await startTestServer(backend);
    shop = await createTestMerchant(server);
    await startTill();
  });
  after(async () => {
    stripe.beforeAnswer = undefined;
    if (serving !== undefined && alive()) {
      serving.child.kill('SIGKILL');
      await serving.exited;
    }
    await server?.close();
    await stripe?.close();
  });

  /** Sends one operation; a connection that dies with Till is `undefined`. */
  async function send(orderId: string, operation: Operation): Promise<ApiResponse | undefined> {
    const path = `/v1/orders/${orderId}/${operation.kind}`;
    const body =
      operation.kind === 'capture' ? { payment_token: operation.token } : operation.kind === 'cancel' ? undefined : operation.amount === undefined ? {} : { amount: operation.amount };
    try {
      return await api.post(path, body);
    } catch {
      return undefined;
    }
  }

  /**
   * The cashier settles the order once the trouble is over: a capture, and a refund that cannot be
   * made (more than the total), each retried until its answer is a decision; both settle any call
   * of the order left pending first.
   */
  async function settle(orderId: string, total: number): Promise<void> {
    const undecided = (r: ApiResponse) => r.status === 503 || r.status === 409;
    await until(`the processor decides every call of order ${orderId}`, async () => {
      const captured = await api.post(`/v1/orders/${orderId}/capture`, { payment_token: 'pm_card_visa' });
      const refunded = await api.post(`/v1/orders/${orderId}/refund`, { amount: total + 1 });
      return !undecided(captured) && !undecided(refunded);
    }, 60_000);
  }

  test(`${RUNS} interleavings (seed ${SEED}): Stripe captured the total or nothing, refunded what Till says, every 200 agrees with GET`, { timeout: 15 * 60_000 }, async (t) => {
    const seen = { kills: 0, answers: new Map<string, number>() };
    const property = fc.asyncProperty(interleaving, async (run) => {
      const product = await createProduct(shop.production, { price: run.price, inventory: 1_000 });
      const order = await createOrder(shop.production, [[product, 1]]);
      if (run.paidFirst) assert.equal((await api.post(`/v1/orders/${order.id}/capture`, { payment_token: 'pm_card_visa' })).status, 200);
      let calls = 0;
      stripe.fault = () => run.faults[calls++];
      let killed: Promise<unknown> | undefined;
      if (run.killAt !== undefined) {
        let seen = 0;
        stripe.beforeAnswer = async () => {
          if (seen++ !== run.killAt || killed !== undefined) return;
          const exited = once(serving.child, 'exit');
          serving.child.kill('SIGKILL');
          killed = exited;
          await exited;
        };
      }
      let answers: Array<ApiResponse | undefined>;
      try {
        answers = await Promise.all(run.operations.map((operation) => send(order.id, operation)));
      } finally {
        stripe.fault = undefined;
        stripe.beforeAnswer = undefined;
      }
      for (const answer of answers) {
        const what = answer === undefined ? 'connection lost' : `${answer.status} ${answer.body?.error?.code ?? ''}`.trim();
        seen.answers.set(what, (seen.answers.get(what) ?? 0) + 1);
      }
      if (killed !== undefined || !alive()) {
        seen.kills += 1;
        await serving.exited;
        await startTill();
      }
      if (run.finishChallenges) for (const intent of stripe.intentsFor(order.id)) stripe.finishChallenge(intent.id);

      await settle(order.id, order.total);
      const shown = await getOrder(api, order.id);
      const took = ['paid', 'partially_refunded', 'refunded'].includes(shown.status);
      assert.equal(stripe.capturedFor(order.id), took ? order.total : 0, `Stripe's capture for a ${shown.status} order`);
      assert.equal(stripe.refundedFor(order.id), shown.refunded_amount, "Stripe's refunds and Till's refunded_amount");
      answers.forEach((answer, i) => {
        if (answer?.status !== 200) return;
        const operation = run.operations[i]!;
        if (operation.kind === 'capture') {
          assert.equal(answer.body.status, 'paid', `a 200 capture answers the paid order: ${JSON.stringify(answer.body)}`);
          assert.deepEqual(answer.body.payment, shown.payment, 'a 200 capture agrees with GET');
        } else if (operation.kind === 'cancel') {
          assert.equal(shown.status, 'canceled', 'a 200 cancel agrees with GET');
        } else {
          const listed = shown.refunds.find((r: any) => r.id === answer.body.id);
          assert.deepEqual(listed, answer.body, 'a 200 refund is listed by GET as answered');
        }
      });
    });
    try {
      await fc.assert(property, { seed: SEED, numRuns: RUNS, endOnFailure: true });
    } finally {
      t.diagnostic(`Till killed ${seen.kills} times; answers: ${[...seen.answers].sort().map(([k, n]) => `${k} x${n}`).join(', ')}`);
    }
  });
});

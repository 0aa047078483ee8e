/**
 * `POST /v1/processors/stripe/events`: where Stripe sends its events (a webhook endpoint set up in
 * Stripe's dashboard). No API key: the `Stripe-Signature` header is the credential, checked with
 * Stripe's own client against the body exactly as sent, so this route alone reads its body as text
 * (the others parse JSON, which would lose the exact bytes that were signed).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type Stripe from 'stripe';
import Type from 'typebox';
import { ApiError } from '../errors.js';
import { errorResponses } from '../http/schemas.js';
import { applyStripeEvent, HANDLED_STRIPE_EVENTS } from './apply-stripe-event.js';
import type { StripeLookups } from './stripe-lookup.js';

export const STRIPE_EVENTS_PATH = '/v1/processors/stripe/events';

/** How old a signature may be (Stripe's client's default): an older one is a replay. */
const TOLERANCE_SECONDS = 300;

const Received = Type.Object(
  { received: Type.Literal(true) },
  { description: 'The event was applied, had been applied already, or is one Till does not act on (an unknown type, or a payment of no order of this server).' },
);

export interface StripeEventRouteOptions {
  /** `STRIPE_WEBHOOK_SECRET`, split; empty: every event is refused. */
  secrets: readonly string[];
  lookups: StripeLookups;
  bodyLimit: number;
}

export const stripeEventRoutes: FastifyPluginAsyncTypebox<StripeEventRouteOptions> = async (app, { secrets, lookups, bodyLimit }) => {
  // Encapsulated: this plugin's JSON parser keeps the text; every other route keeps `acceptJsonBodies`.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit }, (_request, body, done) => done(null, body));

  let webhooks: Promise<Stripe['webhooks']> | undefined;

  app.post(STRIPE_EVENTS_PATH, {
    config: { public: true },
    schema: {
      tags: ['Stripe'],
      operationId: 'receiveStripeEvent',
      summary: 'Receive a Stripe event',
      description:
        "Where Stripe sends its events: add this URL as a webhook endpoint in Stripe's dashboard (Developers, Webhooks), for the events " +
        HANDLED_STRIPE_EVENTS.map((type) => `\`${type}\``).join(', ') +
        ', and set its signing secret as `STRIPE_WEBHOOK_SECRET`. Sends no API key: the `Stripe-Signature` header is checked against the body with that secret ' +
        `(HMAC-SHA256 of \`{t}.{body}\`, Stripe's scheme), and a signature older than ${TOLERANCE_SECONDS / 60} minutes is refused. ` +
        'Each event is applied once, by its id: Stripe sending it again is answered 200 and changes nothing. An event of a type Till does not act on, or about a payment of no order of this server, is answered 200 and ignored (and logged). ' +
        'See "Stripe events" in the conventions for what each type does.',
      response: { 200: Received, ...errorResponses('signature_invalid') },
    },
    handler: async (request) => {
      if (secrets.length === 0) throw new ApiError('signature_invalid', 'This server has no STRIPE_WEBHOOK_SECRET set, so it cannot check Stripe events.');
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string' || typeof request.body !== 'string') {
        throw new ApiError('signature_invalid', 'A Stripe event needs its Stripe-Signature header and a JSON body.', 'Stripe-Signature');
      }
      const stripeWebhooks = await (webhooks ??= import('stripe').then(({ default: StripeClient }) => StripeClient.webhooks));
      const { clock } = request.services;
      // Milliseconds, as Stripe's client takes it: the signature's age is counted on the server's clock.
      const receivedAt = clock.now().getTime();
      let event: Stripe.Event | undefined;
      for (const secret of secrets) {
        try {
          event = await stripeWebhooks.constructEventAsync(request.body, signature, secret, TOLERANCE_SECONDS, undefined, receivedAt);
          break;
        } catch {
          // Another secret may match (live and test mode, or a secret being rolled).
        }
      }
      if (event === undefined) {
        throw new ApiError('signature_invalid', `The Stripe-Signature header does not match this body with any STRIPE_WEBHOOK_SECRET, or is older than ${TOLERANCE_SECONDS} seconds.`, 'Stripe-Signature');
      }
      const result = await applyStripeEvent(request.services, lookups, event, (fields, message) => request.log.warn(fields, message));
      request.log.info({ stripe_event: event.id, type: event.type, ...result }, 'Stripe event');
      return { received: true as const };
    },
  });
};

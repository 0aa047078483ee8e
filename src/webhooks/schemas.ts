/**
 * Request and response schemas of the webhook endpoints API.
 */
import Type, { type Static } from 'typebox';
import { EVENT_TYPES } from '../events/event-types.js';
import { IdOf, IdParam, Metadata, Nullable, Pagination, PaginationQuery, Timestamp } from '../http/schemas.js';

const EventTypeOrAll = Type.Union([...EVENT_TYPES.map((t) => Type.Literal(t)), Type.Literal('*')]);

const EnabledEvents = Type.Array(EventTypeOrAll, {
  minItems: 1,
  maxItems: 50,
  uniqueItems: true,
  description: 'The event types sent to this endpoint, or `["*"]` for all of them.',
  examples: [['order.paid', 'order.refunded']],
});

const Url = Type.String({
  minLength: 1,
  maxLength: 2048,
  description: 'Where events are POSTed: an `https` address (`http` is accepted outside production). Redirects are not followed.',
  examples: ['https://example.com/till/webhooks'],
});

const Description = Type.String({ maxLength: 500 });

const EndpointStatus = Type.Union([Type.Literal('enabled'), Type.Literal('disabled')], {
  description: '`enabled`, or `disabled` (by you, by a `410 Gone` answer, or after 5 days of failing every attempt): a disabled endpoint receives nothing.',
});

const endpointFields = {
  id: IdOf('we'),
  url: Type.String(),
  enabled_events: Type.Array(Type.String()),
  description: Nullable(Type.String()),
  metadata: Metadata,
  status: EndpointStatus,
  created_at: Timestamp,
  updated_at: Timestamp,
};

export const WebhookEndpoint = Type.Object(endpointFields, { title: 'WebhookEndpoint' });
export type WebhookEndpoint = Static<typeof WebhookEndpoint>;

const Secret = Type.String({
  description: 'The signing secret, `whsec_` then base64 of 32 random bytes. Shown only when the endpoint is made and when the secret is rotated: keep it.',
  examples: ['whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'],
});

export const WebhookEndpointWithSecret = Type.Object({ ...endpointFields, secret: Secret }, { title: 'WebhookEndpointWithSecret' });
export type WebhookEndpointWithSecret = Static<typeof WebhookEndpointWithSecret>;

export const WebhookEndpointList = Type.Object({ data: Type.Array(WebhookEndpoint), pagination: Pagination });

export const CreateWebhookEndpointBody = Type.Object(
  { url: Url, enabled_events: EnabledEvents, description: Type.Optional(Nullable(Description)), metadata: Type.Optional(Metadata) },
  { additionalProperties: false },
);
export type CreateWebhookEndpointBody = Static<typeof CreateWebhookEndpointBody>;

export const UpdateWebhookEndpointBody = Type.Object(
  {
    url: Type.Optional(Url),
    enabled_events: Type.Optional(EnabledEvents),
    description: Type.Optional(Nullable(Description)),
    metadata: Type.Optional(Metadata),
    status: Type.Optional(EndpointStatus),
  },
  { additionalProperties: false, description: 'Only the fields sent change.' },
);
export type UpdateWebhookEndpointBody = Static<typeof UpdateWebhookEndpointBody>;

export const RotateSecretBody = Type.Object(
  {
    expires_in_seconds: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: 7 * 86_400,
        default: 86_400,
        description:
          'How long the current secret keeps signing (deliveries carry a signature per live secret meanwhile); secrets of earlier rotations keep their own expiry, up to three at once. 0 retires the current secret and every earlier one at once.',
      }),
    ),
  },
  { additionalProperties: false },
);
export type RotateSecretBody = Static<typeof RotateSecretBody>;

export const WebhookEndpointIdParams = Type.Object({ id: IdParam }, { additionalProperties: false });

export const DeletedWebhookEndpoint = Type.Object({ id: IdOf('we'), deleted: Type.Literal(true) }, { title: 'DeletedWebhookEndpoint' });

export const WebhookAttempt = Type.Object(
  {
    id: IdOf('wha'),
    delivery_id: IdOf('whd'),
    event_id: IdOf('evt'),
    event_type: Type.String(),
    attempt: Type.Integer({ minimum: 1, description: 'Which attempt of this delivery, from 1.' }),
    outcome: Type.Union([Type.Literal('succeeded'), Type.Literal('failed')]),
    response_status: Nullable(Type.Integer({ description: 'The HTTP status the receiver answered; null when it answered none.' })),
    response_body: Nullable(Type.String({ description: 'The first 1 KB of what the receiver answered.' })),
    duration_ms: Type.Integer({ minimum: 0 }),
    error: Nullable(
      Type.String({ description: 'Why the attempt failed without an answer: `timeout`, `connection_refused`, `blocked_address`, `connection_error`, or the status it answered.' }),
    ),
    next_retry_at: Nullable(Type.String({ format: 'date-time', description: 'When the next attempt is due; null when there is none.' })),
    created_at: Timestamp,
  },
  { title: 'WebhookAttempt' },
);
export type WebhookAttempt = Static<typeof WebhookAttempt>;

export const WebhookAttemptList = Type.Object({ data: Type.Array(WebhookAttempt), pagination: Pagination });

export const ListDeliveriesQuery = Type.Object(
  {
    ...PaginationQuery,
    status: Type.Optional(Type.Union([Type.Literal('succeeded'), Type.Literal('failed')], { description: 'Only attempts with this outcome.' })),
  },
  { additionalProperties: false },
);
export type ListDeliveriesQuery = Static<typeof ListDeliveriesQuery>;

export const ResendEventBody = Type.Object(
  { endpoint_id: Type.Optional(Type.String({ minLength: 1, maxLength: 255, description: 'Send to this endpoint only; without it, to every enabled endpoint subscribed to the event type.' })) },
  { additionalProperties: false },
);
export type ResendEventBody = Static<typeof ResendEventBody>;

export const ResendResult = Type.Object(
  { event_id: IdOf('evt'), endpoint_ids: Type.Array(IdOf('we'), { description: 'The endpoints the event is now queued for.' }) },
  { title: 'ResendResult' },
);
export type ResendResult = Static<typeof ResendResult>;

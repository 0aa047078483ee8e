/**
 * The rows of the webhook tables as the store answers them, and the one column list of each table:
 * the statements of this store name columns from these. The deliveries' row and columns are the
 * outbox's, which creates those rows (`../outbox/deliveries.ts`); they are handed on here.
 */
import type { Insertable, Selectable } from 'kysely';
import { DELIVERY_COLUMNS, type WebhookDeliveryRow } from '../outbox/deliveries.js';
import type { WebhookAttemptsTable, WebhookEndpointsTable } from '../schema.js';

export type WebhookEndpointRow = Selectable<WebhookEndpointsTable>;
export type NewWebhookEndpoint = Insertable<WebhookEndpointsTable>;
export type { WebhookDeliveryRow };
export { DELIVERY_COLUMNS };
export type WebhookAttemptRow = Selectable<WebhookAttemptsTable>;

export const ENDPOINT_COLUMNS = [
  'merchant_id',
  'environment',
  'id',
  'url',
  'description',
  'enabled_events',
  'metadata',
  'status',
  'secret',
  'previous_secret',
  'previous_secret_expires_at',
  'previous_secret_2',
  'previous_secret_2_expires_at',
  'previous_secret_3',
  'previous_secret_3_expires_at',
  'created_by',
  'created_with',
  'timeouts',
  'failing_since',
  'created_at',
  'updated_at',
  'deleted_at',
] as const satisfies readonly (keyof WebhookEndpointRow)[];

/** What the API shows of an endpoint (`GET /v1/webhook_endpoints/:id`): no secret, no binding. */
export const ENDPOINT_VIEW_COLUMNS = ['id', 'url', 'enabled_events', 'description', 'metadata', 'status', 'created_at', 'updated_at'] as const satisfies readonly (typeof ENDPOINT_COLUMNS)[number][];
export type WebhookEndpointView = Pick<WebhookEndpointRow, (typeof ENDPOINT_VIEW_COLUMNS)[number]>;

/** What the delivery log shows of an attempt: every column but its tenant and endpoint, which the request names. */
export const ATTEMPT_VIEW_COLUMNS = [
  'id',
  'delivery_id',
  'event_id',
  'event_type',
  'attempt',
  'outcome',
  'response_status',
  'response_body',
  'duration_ms',
  'error',
  'next_retry_at',
  'created_at',
] as const satisfies readonly (keyof WebhookAttemptRow)[];
export type WebhookAttemptView = Pick<WebhookAttemptRow, (typeof ATTEMPT_VIEW_COLUMNS)[number]>;

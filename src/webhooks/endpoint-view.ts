/**
 * A webhook endpoint as the API shows it, from its stored row, and its list of event types as stored.
 */
import type { WebhookEndpointView } from '../db/webhooks/rows.js';
import type { WebhookEndpoint } from './schemas.js';

export function toEndpoint(row: WebhookEndpointView): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    enabled_events: JSON.parse(row.enabled_events) as string[],
    description: row.description,
    metadata: JSON.parse(row.metadata) as Record<string, string>,
    status: row.status,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** The list as stored: `["*"]` when it names every type. */
export function enabledEvents(list: readonly string[]): string {
  return JSON.stringify(list.includes('*') ? ['*'] : list);
}

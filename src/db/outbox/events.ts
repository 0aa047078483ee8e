/**
 * Reading the events the outbox wrote (Get Event, List Events, the event a resend or a delivery
 * sends), with the one column list the API reads.
 */
import type { Db } from '../connection.js';
import { kyselyOf, type ReadHandle } from '../handle.js';
import { pageOf, type PageRequest, type Pagination } from '../paginate.js';
import type { Environment, EventRow } from '../schema.js';
import { otherEnvironmentHolding, selectScoped, type Tenant } from '../scoped.js';

const EVENT_COLUMNS = ['id', 'type', 'data', 'created_at'] as const satisfies ReadonlyArray<keyof EventRow>;
/** An event's columns as the API reads them. */
export type EventFields = Pick<EventRow, (typeof EVENT_COLUMNS)[number]>;

/** The tenant's event, or undefined. */
export function findEvent(db: Db, tenant: Tenant, eventId: string): Promise<EventFields | undefined> {
  return selectScoped(db.kysely, 'events', tenant).select(EVENT_COLUMNS).where('id', '=', eventId).executeTakeFirst();
}

/** The tenant's other environment when it holds an event with this id (for the 404's hint). */
export function otherEnvironmentOfEvent(db: Db, tenant: Tenant, eventId: string): Promise<Environment | undefined> {
  return otherEnvironmentHolding(db.kysely, 'events', tenant, eventId);
}

/** A page of the tenant's events of `types`, newest first. */
export function eventPage(db: Db, tenant: Tenant, types: readonly string[], request: PageRequest): Promise<{ rows: EventFields[]; pagination: Pagination }> {
  return pageOf<EventFields>(selectScoped(db.kysely, 'events', tenant).where('type', 'in', types), EVENT_COLUMNS, request);
}

/** The tenant's event `eventId` (its id and type), or undefined: what a resend sends again. */
export async function findEventToResend(handle: ReadHandle, tenant: Tenant, eventId: string): Promise<{ id: string; type: string } | undefined> {
  return selectScoped(kyselyOf(handle), 'events', tenant).select(['id', 'type']).where('id', '=', eventId).executeTakeFirst();
}

/**
 * The merchant and environment of the event `eventId`, whichever they are (the operator's `till
 * events resend` names an event only), or undefined.
 */
export async function findEventTenant(handle: ReadHandle, eventId: string): Promise<{ merchant_id: string; environment: Environment } | undefined> {
  return kyselyOf(handle).selectFrom('events').select(['merchant_id', 'environment']).where('id', '=', eventId).executeTakeFirst();
}

/**
 * The event a webhook delivery of the merchant sends, as its body shows it, or undefined when it is
 * gone. The dispatcher reads it across environments: it serves every tenant.
 */
export async function eventOfDelivery(handle: ReadHandle, merchantId: string, eventId: string): Promise<EventFields | undefined> {
  return kyselyOf(handle).selectFrom('events').select(EVENT_COLUMNS).where('merchant_id', '=', merchantId).where('id', '=', eventId).executeTakeFirst();
}

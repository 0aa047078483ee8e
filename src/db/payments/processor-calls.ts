/**
 * The record of money-moving calls to a remote processor (`processor_calls`).
 *
 * A call is written and committed `pending` before it is sent, with an idempotency key made of Till's
 * own ids, and settled (`succeeded` or `failed`) in the transaction that records its effect. A call
 * left `pending` (the process died between the processor's answer and the commit, or the answer never
 * came) is settled by sending it again with the same key: the processor answers with its first
 * result, so the money moves once. Captures and refunds of an order settle its pending call first,
 * and the server settles every pending call when it starts. This store holds every statement on the
 * table.
 */
import { newId } from '../../ids.js';
import { kyselyOf, type ReadHandle } from '../handle.js';
import type { ProcessorCallRow } from '../schema.js';
import type { Tenant } from '../scoped.js';
import type { DbTransaction } from '../transaction.js';

/** The call row's columns. */
const CALL_COLUMNS = [
  'merchant_id', 'environment', 'id', 'order_id', 'kind', 'processor', 'idempotency_key', 'request', 'status', 'created_at', 'updated_at',
] as const;

/** The order's call still waiting for its answer, if any (at most one: each order settles it before a new one). */
export async function pendingCall(trx: DbTransaction, tenant: Tenant, orderId: string): Promise<ProcessorCallRow | undefined> {
  return kyselyOf(trx)
    .selectFrom('processor_calls')
    .select(CALL_COLUMNS)
    .where('merchant_id', '=', tenant.merchantId)
    .where('environment', '=', tenant.environment)
    .where('order_id', '=', orderId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
}

/** The order's PaymentIntent (or other payment object) named by its capture calls, if one was made. */
export async function lastPaymentId(trx: DbTransaction, tenant: Tenant, orderId: string): Promise<string | undefined> {
  for (const request of await captureRequests(trx, tenant, orderId)) {
    const { paymentId } = request as { paymentId?: unknown };
    if (typeof paymentId === 'string') return paymentId;
  }
  return undefined;
}

/** The requests (parsed JSON) of the order's capture calls, newest first. */
export async function captureRequests(trx: DbTransaction, tenant: Tenant, orderId: string): Promise<unknown[]> {
  const rows = await kyselyOf(trx)
    .selectFrom('processor_calls')
    .select(['request', 'created_at'])
    .where('merchant_id', '=', tenant.merchantId)
    .where('environment', '=', tenant.environment)
    .where('order_id', '=', orderId)
    .where('kind', '=', 'capture')
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map((row) => JSON.parse(row.request) as unknown);
}

/** Writes a call `pending`, before it is sent. */
export async function recordCall(
  trx: DbTransaction,
  tenant: Tenant,
  call: { orderId: string; kind: ProcessorCallRow['kind']; processor: string; idempotencyKey: string; request: unknown; now: string },
): Promise<ProcessorCallRow> {
  const row: ProcessorCallRow = {
    merchant_id: tenant.merchantId,
    environment: tenant.environment,
    id: newId('pc'),
    order_id: call.orderId,
    kind: call.kind,
    processor: call.processor,
    idempotency_key: call.idempotencyKey,
    request: JSON.stringify(call.request),
    status: 'pending',
    created_at: call.now,
    updated_at: call.now,
  };
  await kyselyOf(trx).insertInto('processor_calls').values(row).execute();
  return row;
}

/** Settles a pending call; false when another process settled it first. */
export async function settleCall(trx: DbTransaction, call: ProcessorCallRow, status: 'succeeded' | 'failed', now: string): Promise<boolean> {
  const result = await kyselyOf(trx)
    .updateTable('processor_calls')
    .set({ status, updated_at: now })
    .where('merchant_id', '=', call.merchant_id)
    .where('id', '=', call.id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Pending calls of every merchant, oldest first, for the settling at start-up. */
export async function allPendingCalls(handle: ReadHandle, limit: number): Promise<ProcessorCallRow[]> {
  return kyselyOf(handle).selectFrom('processor_calls').select(CALL_COLUMNS).where('status', '=', 'pending').orderBy('created_at').limit(limit).execute();
}

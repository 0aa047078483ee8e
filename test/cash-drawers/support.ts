/**
 * Shortcuts shared by the cash drawer and end-of-day suites: opening a drawer through the API, and
 * ringing a paid order (or a refund) up on a drawer.
 */
import type { Environment } from '../../src/db/schema.js';
import { assertStatus } from '../orders/support.js';
import type { Api, TestServer } from '../helpers/server.js';

/** Opens a drawer for `register` with `opening_float` and returns it; fails unless 201. */
export async function openDrawer(api: Api, register: string, openingFloat: number, extra: Record<string, unknown> = {}): Promise<any> {
  const response = await api.post('/v1/cash_drawers', { register, opening_float: openingFloat, ...extra });
  assertStatus(response, 201);
  return response.body;
}

/** Where a test's rows live: its merchant and environment. */
export interface TenantOf {
  merchantId: string;
  environment: Environment;
}

/**
 * Set-up step, written through the test's database handle: records a paid order as rung up on
 * `drawerId` with `cashAmount` paid in cash, the two columns a capture naming `cash_drawer_id` writes.
 * Capture does not take `cash_drawer_id` on this branch yet (it is being added beside the drawers),
 * so the orders are made and captured through the API and then given their drawer here.
 */
export async function ringUp(server: TestServer, tenant: TenantOf, orderId: string, drawerId: string | null, cashAmount: number): Promise<void> {
  const result = await server.db.kysely
    .updateTable('orders')
    .set({ cash_drawer_id: drawerId, cash_amount: cashAmount })
    .where('merchant_id', '=', tenant.merchantId)
    .where('environment', '=', tenant.environment)
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (result.numUpdatedRows !== 1n) throw new Error(`order ${orderId} not found to ring up`);
}

/**
 * Set-up step, as `ringUp` for a refund: records that `cashAmount` of the refund was paid back in cash
 * out of `drawerId`, as a refund naming `cash_drawer_id` will.
 */
export async function payOutOf(server: TestServer, tenant: TenantOf, refundId: string, drawerId: string | null, cashAmount: number): Promise<void> {
  const result = await server.db.kysely
    .updateTable('refunds')
    .set({ cash_drawer_id: drawerId, cash_amount: cashAmount })
    .where('merchant_id', '=', tenant.merchantId)
    .where('environment', '=', tenant.environment)
    .where('id', '=', refundId)
    .executeTakeFirst();
  if (result.numUpdatedRows !== 1n) throw new Error(`refund ${refundId} not found to pay out`);
}

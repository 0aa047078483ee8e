/**
 * Sending a recorded processor call, whichever operation recorded it: a capture or a refund of the
 * order may find the other's call pending, and settles it first.
 */
import type { Tenant } from '../auth/principal.js';
import type { ProcessorCallRow } from '../db/schema.js';
import { sendOnce, undecidedError, type SentCall } from '../payments/call-outcome.js';
import type { PaymentProcessor } from '../payments/processor.js';
import type { Services } from '../services.js';
import { sendRefund } from './apply-refund.js';
import { sendCapture } from './send-capture.js';

/** Sends a recorded capture (or refund) call and records what the processor did; an unknown outcome leaves it pending. */
export function sendCall(services: Services, processor: PaymentProcessor, tenant: Tenant, call: ProcessorCallRow, answer: boolean): Promise<SentCall<unknown>> {
  if (call.kind === 'refund') return sendRefund(services, processor, tenant, call, answer);
  return sendCapture(services, processor, tenant, call, answer);
}

/** Sends a pending call again and records what it did (at start-up and every minute); throws while its outcome is still unknown. */
export async function settlePendingCall(services: Services, processor: PaymentProcessor, tenant: Tenant, call: ProcessorCallRow): Promise<void> {
  const sent = await sendOnce(call.id, () => sendCall(services, processor, tenant, call, false));
  if (sent.outcome === 'unknown' || sent.outcome === 'in_flight') throw undecidedError(sent.outcome, call.kind);
}

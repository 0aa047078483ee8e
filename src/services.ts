/**
 * What business operations are given to work with: the one container, built once in assembly
 * (`app/services.ts`) and set on every request (`request.services`) for the route to hand to its
 * operation.
 */
import type { SessionSettings } from './auth/sessions.js';
import type { SignInLimits } from './auth/sign-in-limits.js';
import type { SigningKeyCipher } from './auth/signing-key-cipher.js';
import type { Db } from './db/connection.js';
import { primaryReads, type LagTolerantReads } from './db/read-replica.js';
import type { DbTransaction } from './db/transaction.js';
import type { Mailer } from './mail/mailer.js';
import { merchantSettings, type MerchantSettings } from './merchants/merchant-settings.js';
import type { ProcessorFor } from './payments/processor.js';
import type { Clock } from './time.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The services this request's operation runs with; with an idempotency key, its transactions also record the answer. */
    services: Services;
  }
}

export interface Services {
  db: Db;
  clock: Clock;
  processorFor: ProcessorFor;
  /** The signing keys and the sign-ins they sign: issuing, refreshing and ending tokens. */
  sessions: SessionSettings;
  /** The limits on sign-ins, token requests and wrong passwords. */
  signInLimits: SignInLimits;
  /** SIGNING_KEY_ENCRYPTION_KEY's cipher, the process's one: it seals signing keys and webhook endpoint secrets. */
  cipher: SigningKeyCipher;
  /** Sign-up and password mail, sent after the request is answered. */
  mailer: Mailer;
  /** A merchant's settings: name, currency, tax rate, whether prices include tax, address, tax id, receipt footer. */
  settings(merchantId: string): Promise<MerchantSettings>;
  /**
   * Runs `work` in one database transaction. Every write of a POST operation goes through here, so
   * that a request with an Idempotency-Key records its answer in the same transaction as its change.
   */
  transaction<T>(work: (trx: DbTransaction) => Promise<T>): Promise<T>;
  /**
   * Runs a read that tolerates a moment's lag (a list, a report) for `reader` (a credential's id),
   * handing it services whose `db` is a read replica (DATABASE_READ_URL) when one may serve that
   * reader (`db/read-replica.ts`), else these. `read` must only read.
   */
  lagTolerant<T>(reader: string, read: (services: Services) => Promise<T>): Promise<T>;
}

/** What assembly builds besides the database, the clock and the processors. */
export type ServiceParts = Pick<Services, 'sessions' | 'signInLimits' | 'cipher' | 'mailer'>;

/** Services whose transactions are plain database transactions; lag-tolerant reads go to `reads` (the primary by default). */
export function baseServices(db: Db, clock: Clock, processorFor: ProcessorFor, parts: ServiceParts, reads: LagTolerantReads = primaryReads(db)): Services {
  const services: Services = {
    db,
    clock,
    processorFor,
    ...parts,
    settings: (merchantId) => merchantSettings(db, merchantId),
    transaction: (work) => db.transaction(work),
    lagTolerant: (reader, read) => reads.run(reader, (handle) => read(handle === db ? services : { ...services, db: handle, settings: (merchantId) => merchantSettings(handle, merchantId) })),
  };
  return services;
}

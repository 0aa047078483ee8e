/**
 * Account mail (sign-up verification, password reset): sent through the SMTP server of SMTP_URL with
 * nodemailer, or, without SMTP_URL, written to the log and kept in the outbox with its links, so
 * that `till mail list` shows them on a development machine.
 *
 * Every message is recorded in `mail_outbox` (recipient, subject, time). A message sent by SMTP is
 * recorded without its links: they hold one-time secrets, and the mailbox is where they belong.
 *
 * Messages go out in the background, after the answer: a form that says "check your inbox" answers
 * as fast for an unknown address (no mail) as for a known one, and a slow mail server holds no
 * request. A failure is logged; `drain()` waits for what is under way, so the server closes cleanly.
 */
import { createRequire } from 'node:module';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Transporter } from 'nodemailer';
import type { Database } from '../db/schema.js';
import { newId } from '../ids.js';
import { isoNow, type Clock } from '../time.js';

export interface MailMessage {
  to: string;
  subject: string;
  /** The plain-text body; every link in it is also listed in `links`. */
  text: string;
  links: string[];
  /** The merchant the message is about, when there is one. */
  merchantId?: string;
}

export interface MailerOptions {
  db: Kysely<Database>;
  clock: Clock;
  log: FastifyBaseLogger;
  /** SMTP_URL; undefined writes every message to the log and the outbox instead. */
  smtpUrl: string | undefined;
  from: string;
}

/** A mail server that does not answer gives up within these, rather than nodemailer's 2 minutes. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** nodemailer is loaded only when SMTP_URL is set: about 6 MB of heap a server without it does not carry. */
const loadNodemailer = (): typeof import('nodemailer') => createRequire(import.meta.url)('nodemailer') as typeof import('nodemailer');

export class Mailer {
  private readonly transport: Transporter | undefined;
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly options: MailerOptions) {
    this.transport = options.smtpUrl === undefined ? undefined : loadNodemailer().createTransport({ url: options.smtpUrl, ...SMTP_TIMEOUTS });
  }

  /** Whether messages really leave (SMTP_URL is set), or only reach the log and the outbox. */
  get sends(): boolean {
    return this.transport !== undefined;
  }

  /** Sends one message now (and records it); rejects if the mail server refuses it. */
  async send(message: MailMessage): Promise<void> {
    const { db, clock, log } = this.options;
    if (this.transport !== undefined) {
      await this.transport.sendMail({ from: this.options.from, to: message.to, subject: message.subject, text: message.text });
    } else {
      log.info({ mail: { to: message.to, subject: message.subject, links: message.links } }, 'mail not sent (no SMTP_URL): written to the log and the outbox instead');
    }
    await db
      .insertInto('mail_outbox')
      .values({
        id: newId('mail'),
        merchant_id: message.merchantId ?? null,
        recipient: message.to,
        subject: message.subject,
        transport: this.transport === undefined ? 'log' : 'smtp',
        links: JSON.stringify(this.transport === undefined ? message.links : []),
        sent_at: isoNow(clock),
      })
      .execute();
  }

  /**
   * Runs `work` (which usually ends by sending a message) after the current request is answered;
   * a failure is logged with `what`.
   *
   * @example mailer.later('sending the reset mail failed', () => sendResetMail(...));
   */
  later(what: string, work: () => Promise<void>): void {
    const running: Promise<void> = Promise.resolve()
      .then(work)
      .catch((err: unknown) => this.options.log.error({ err }, what))
      .finally(() => this.pending.delete(running));
    this.pending.add(running);
  }

  /** Waits for the messages under way, then closes the connection to the mail server. */
  async drain(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
    this.transport?.close();
  }
}

/** The outbox keeps a message this long. */
export const OUTBOX_KEPT_DAYS = 30;

/** Deletes outbox rows older than OUTBOX_KEPT_DAYS (a logged message's links expired long before). */
export async function purgeOldMail(db: Kysely<Database>, now: Date): Promise<number> {
  const result = await db.deleteFrom('mail_outbox').where('sent_at', '<', new Date(now.getTime() - OUTBOX_KEPT_DAYS * 24 * 60 * 60 * 1000).toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The newest messages of the outbox, newest first (for `till mail list`). */
export async function listMail(db: Kysely<Database>, limit: number): Promise<Array<{ to: string; subject: string; links: string[]; transport: 'log' | 'smtp'; sent_at: string }>> {
  const rows = await db.selectFrom('mail_outbox').select(['recipient', 'subject', 'links', 'transport', 'sent_at']).orderBy('sent_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  return rows.map((row) => ({ to: row.recipient, subject: row.subject, links: JSON.parse(row.links) as string[], transport: row.transport, sent_at: row.sent_at }));
}

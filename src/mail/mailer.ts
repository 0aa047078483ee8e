/**
 * Account mail (sign-up verification, password reset) and e-mailed receipts: sent through the SMTP
 * server of SMTP_URL with nodemailer, or, without SMTP_URL, written to the log and kept in the outbox
 * for the operator's `till mail list`, which shows its link once.
 *
 * Every message is recorded in `mail_outbox` (recipient, subject, time). No row and no log line ever
 * holds a usable link token (a one-time token, or a receipt link's):
 * - sent by SMTP, the message is recorded without its links: they belong in the mailbox only;
 * - written to the log instead, the log line names recipient and subject only, and the row keeps the
 *   links with their token left out, plus which token row they belong to (its table and the SHA-256
 *   it holds). `till mail list` (`takeMail`) then gives that token row a new token, prints the links
 *   with it, and marks the row shown: the new token exists only in that output, the first one was
 *   never kept anywhere, and a second `till mail list` shows the link no more.
 *
 * Messages go out in the background, after the answer: a form that says "check your inbox" answers
 * as fast for an unknown address (no mail) as for a known one, and a slow mail server holds no
 * request. A failure is logged; `drain()` waits for what is under way, so the server closes cleanly.
 */
import { createRequire } from 'node:module';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/connection.js';
import { renewOutboxToken } from '../db/identity/password-tokens.js';
import { claimOutboxLinks, deleteMailSentBefore, findOutboxMessage, insertOutboxMessage, newestOutboxIds } from '../db/mail/mail-outbox.js';
import { renewReceiptLinkToken } from '../db/receipts/receipt-links.js';
import type { Transporter } from 'nodemailer';
import type { OutboxTokenTable } from '../db/schema.js';
import { newId, randomBase62, RECEIPT_TOKEN_LENGTH, sha256Hex } from '../ids.js';
import { isoNow, type Clock } from '../time.js';

export interface MailMessage {
  to: string;
  subject: string;
  /** The plain-text body; every link in it is also listed in `links`. */
  text: string;
  /** An HTML body sent beside the plain text (`multipart/alternative`), for messages that are read as a page (a receipt). */
  html?: string;
  links: string[];
  /** The merchant the message is about, when there is one. */
  merchantId?: string;
  /** The one-time token the links carry, and the table whose row holds its hash. */
  token?: { table: OutboxTokenTable; value: string };
}

/** Where the token goes in a link the outbox keeps. */
const TOKEN_PLACEHOLDER = '{token}';

/** The length of the new token `till mail list` gives a link: a receipt link's is as long as one made by the API. */
const TOKEN_LENGTHS: Record<OutboxTokenTable, number> = { password_tokens: 43, sign_up_requests: 43, receipt_links: RECEIPT_TOKEN_LENGTH };

export interface MailerOptions {
  db: Db;
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
      await this.transport.sendMail({ from: this.options.from, to: message.to, subject: message.subject, text: message.text, ...(message.html === undefined ? {} : { html: message.html }) });
    } else {
      log.info({ mail: { to: message.to, subject: message.subject } }, 'mail not sent (no SMTP_URL): kept in the outbox instead, where "till mail list" shows its link once');
    }
    const kept = this.transport === undefined;
    const token = kept ? message.token : undefined;
    await insertOutboxMessage(db, {
      id: newId('mail'),
      merchant_id: message.merchantId ?? null,
      recipient: message.to,
      subject: message.subject,
      transport: kept ? 'log' : 'smtp',
      links: JSON.stringify(kept ? message.links.map((link) => (token === undefined ? link : link.split(token.value).join(TOKEN_PLACEHOLDER))) : []),
      token_table: token?.table ?? null,
      token_hash: token === undefined ? null : sha256Hex(token.value),
      shown_at: null,
      sent_at: isoNow(clock),
    });
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
export async function purgeOldMail(db: Db, now: Date): Promise<number> {
  return deleteMailSentBefore(db, new Date(now.getTime() - OUTBOX_KEPT_DAYS * 24 * 60 * 60 * 1000).toISOString());
}

export interface OutboxMessage {
  to: string;
  subject: string;
  /** The links, each with a new one-time token, the first time they are taken; empty after (and for SMTP). */
  links: string[];
  /**
   * `shown_now`: `links` holds them, and never will again; `shown_before`: a former `till mail list`
   * showed them; `expired`: their token was used, spent or had expired, so no link works;
   * `none`: the message has no one-time link (or was sent by SMTP).
   */
  link_status: 'shown_now' | 'shown_before' | 'expired' | 'none';
  transport: 'log' | 'smtp';
  sent_at: string;
  shown_at: string | null;
}

/**
 * The newest messages of the outbox, newest first (for `till mail list`), each message's link shown
 * once: its token row gets a new token, printed in `links` and kept nowhere but as its hash.
 */
export async function takeMail(db: Db, clock: Clock, limit: number): Promise<OutboxMessage[]> {
  const messages: OutboxMessage[] = [];
  for (const id of await newestOutboxIds(db, limit)) {
    const message = await takeMessage(db, clock, id);
    if (message !== undefined) messages.push(message);
  }
  return messages;
}

/**
 * One outbox message; its links with a new token the first time, in one transaction: the row is
 * marked shown only if it was not yet (so two `till mail list` at once show the link once), and the
 * token row takes the new token's hash only if its token is still open.
 */
export async function takeMessage(db: Db, clock: Clock, id: string): Promise<OutboxMessage | undefined> {
  return db.transaction(async (trx) => {
    const row = await findOutboxMessage(trx, id);
    if (row === undefined) return undefined;
    const base = { to: row.recipient, subject: row.subject, transport: row.transport, sent_at: row.sent_at };
    if (row.token_table === null || row.token_hash === null) {
      if (row.shown_at !== null) return { ...base, links: [], link_status: 'shown_before', shown_at: row.shown_at };
      const links = JSON.parse(row.links) as string[];
      return { ...base, links, link_status: 'none', shown_at: null };
    }
    const now = isoNow(clock);
    if (!(await claimOutboxLinks(trx, id, row.token_hash, now))) return { ...base, links: [], link_status: 'shown_before', shown_at: now };
    const token = randomBase62(TOKEN_LENGTHS[row.token_table]);
    const renewed =
      row.token_table === 'receipt_links'
        ? row.merchant_id !== null && (await renewReceiptLinkToken(trx, row.merchant_id, row.token_hash, sha256Hex(token)))
        : await renewOutboxToken(trx, row.token_table, row.token_hash, sha256Hex(token), now);
    if (!renewed) return { ...base, links: [], link_status: 'expired', shown_at: now };
    const links = (JSON.parse(row.links) as string[]).map((link) => link.split(TOKEN_PLACEHOLDER).join(token));
    return { ...base, links, link_status: 'shown_now', shown_at: now };
  });
}

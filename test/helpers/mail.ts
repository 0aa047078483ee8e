/**
 * Reading the mail Till sends: a real SMTP server (smtp-server) on a free port that keeps every
 * message it receives, and the outbox Till writes when it has no SMTP_URL.
 */
import { SMTPServer } from 'smtp-server';
import { takeMessage } from '../../src/mail/mailer.js';
import type { TestServer } from './server.js';
import { until } from './wait.js';

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  /** The plain-text body (the text part of a `multipart/alternative` message). */
  text: string;
  /** The HTML part of a `multipart/alternative` message; undefined for a plain-text message. */
  html: string | undefined;
  /** Every http(s) link of the text. */
  links: string[];
}

export interface TestSmtpServer {
  /** SMTP_URL for Till. */
  url: string;
  received: ReceivedMail[];
  /** The first message to this address whose subject matches, waiting for it to arrive (up to `timeoutMs`). */
  waitFor(to: string, subject: RegExp, timeoutMs?: number): Promise<ReceivedMail>;
  /** The `count` first such messages, waiting for them all to arrive. */
  waitForAll(to: string, subject: RegExp, count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

export async function startSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on the loopback: no STARTTLS offered, so nodemailer does not try its test certificate.
    hideSTARTTLS: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail = parseMail(Buffer.concat(chunks).toString('utf8'));
        received.push({ ...mail, from: session.envelope.mailFrom === false ? '' : session.envelope.mailFrom.address, to: session.envelope.rcptTo.map((r) => r.address) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as { port: number }).port;
  const waitForAll = async (to: string, subject: RegExp, count: number, timeoutMs = 20_000): Promise<ReceivedMail[]> => {
    const found = () => received.filter((m) => m.to.includes(to) && subject.test(m.subject));
    try {
      await until(`${count} mails to ${to} matching ${subject} arrive`, () => found().length >= count, timeoutMs);
    } catch (error) {
      throw new Error(`${(error as Error).message}; received: ${JSON.stringify(received.map((m) => [m.to, m.subject]))}`);
    }
    return found().slice(0, count);
  };
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    waitFor: async (to, subject, timeoutMs) => (await waitForAll(to, subject, 1, timeoutMs))[0]!,
    waitForAll,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A MIME entity's header block (folded lines unfolded) and its body. */
function entity(raw: string): { header: (name: string) => string; body: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  return { header: (name) => head.match(new RegExp(`^${name}: (.*)$`, 'mi'))?.[1]?.trim() ?? '', body: raw.slice(split + 4) };
}

/** A body decoded from its Content-Transfer-Encoding (quoted-printable, base64 or none). */
function decodeBody(body: string, encoding: string): string {
  const text =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? Buffer.from(body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8')
        : body;
  return text.replace(/\r\n/g, '\n');
}

/**
 * Subject, plain-text body and HTML body of a message: a single-part one, or a `multipart/alternative`
 * one (its text/plain and text/html parts), each decoded from quoted-printable or base64.
 */
function parseMail(raw: string): { subject: string; text: string; html: string | undefined; links: string[] } {
  const { header, body } = entity(raw);
  const subject = decodeWords(header('Subject'));
  const boundary = /multipart\/alternative;.*boundary="?([^";]+)"?/i.exec(header('Content-Type'))?.[1];
  if (boundary === undefined) {
    const text = decodeBody(body, header('Content-Transfer-Encoding').toLowerCase());
    return { subject, text, html: undefined, links: linksIn(text) };
  }
  const parts = body
    .split(`--${boundary}`)
    .slice(1)
    .filter((part) => !part.startsWith('--'))
    .map((part) => entity(part.replace(/^\r\n/, '')))
    .map((part) => ({ type: part.header('Content-Type').toLowerCase(), content: decodeBody(part.body.replace(/\r\n$/, ''), part.header('Content-Transfer-Encoding').toLowerCase()) }));
  const text = parts.find((part) => part.type.startsWith('text/plain'))?.content ?? '';
  const html = parts.find((part) => part.type.startsWith('text/html'))?.content;
  return { subject, text, html, links: linksIn(text) };
}

/** RFC 2047 encoded words (`=?UTF-8?Q?...?=`, `=?UTF-8?B?...?=`) of a header. */
function decodeWords(value: string): string {
  return value.replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_m, kind: string, data: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : Buffer.from(data.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/g, (_x, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8'),
  );
}

export function linksIn(text: string): string[] {
  return [...text.matchAll(/https?:\/\/[^\s"<>]+/g)].map((m) => m[0]);
}

export interface OutboxMail {
  recipient: string;
  subject: string;
  transport: string;
  links: string[];
  sent_at: string;
}

/**
 * The outbox rows to this address (newest first), waiting up to `timeoutMs` for one whose subject
 * matches; its links taken as `till mail list` takes them (shown once, with a new token), unless
 * `take` is false (then `links` is empty: the outbox itself keeps no usable link).
 */
export async function waitForOutbox(server: Pick<TestServer, 'db' | 'clock'>, to: string, subject: RegExp, timeoutMs = 20_000, take = true): Promise<OutboxMail> {
  let found: { id: string; recipient: string; subject: string; transport: string; sent_at: string } | undefined;
  await until(`a mail to ${to} matching ${subject} is in the outbox`, async () => {
    const rows = await server.db.kysely.selectFrom('mail_outbox').select(['id', 'recipient', 'subject', 'transport', 'sent_at']).where('recipient', '=', to).orderBy('sent_at', 'desc').execute();
    found = rows.find((row) => subject.test(row.subject));
    return found !== undefined;
  }, timeoutMs);
  const { id, ...mail } = found!;
  return { ...mail, links: take ? ((await takeMessage(server.db, server.clock, id))?.links ?? []) : [] };
}

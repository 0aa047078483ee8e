/**
 * `till mail list`: the newest messages Till sent or, without SMTP_URL, kept in its outbox instead,
 * read from the database (the server runs in another process). A kept message's link (a sign-up
 * verification, a password reset, a receipt's hosted page) is shown once, by the first `till mail
 * list` that lists it, with a new token that is stored only as a hash (see mailer.ts); the outbox
 * never holds a usable link. Messages sent by SMTP are listed without their links, which belong in the mailbox only.
 */
import type { Command } from 'commander';
import { loadConfig } from '../config.js';
import { takeMail, type OutboxMessage } from '../mail/mailer.js';
import { systemClock } from '../time.js';
import { printResult, type OutputOptions } from './output.js';
import { wholeNumber } from './parse-options.js';
import { withDatabase } from './with-database.js';

interface ListOptions extends OutputOptions {
  limit: number;
}

export function registerMail(program: Command): void {
  const mail = program.command('mail').description("the account mail and receipts Till sent (or, without SMTP_URL, kept in its outbox instead)");
  mail
    .command('list')
    .description('list the newest messages: recipient, subject, time, and the link of a message kept in the outbox, shown once')
    .option('--limit <n>', 'how many messages, newest first', wholeNumber(1, 1000), 20)
    .option('--json', 'print {"data": [{"to", "subject", "links", "link_status", "transport", "sent_at", "shown_at"}]} instead of text')
    .action(async (options: ListOptions) => {
      const messages = await withDatabase(loadConfig(), (db) => takeMail(db, systemClock, options.limit));
      printResult(options, { data: messages }, () =>
        messages.length === 0
          ? 'No mail yet.'
          : [...messages.map((m) => [`${m.sent_at}  ${m.to}  ${m.subject}${m.transport === 'smtp' ? '  (sent by SMTP)' : ''}`, ...linkLines(m)].join('\n')),
            ...(messages.some((m) => m.link_status === 'shown_now') ? ['', 'Each link above is shown this once: copy it now.'] : [])].join('\n'),
      );
    });
}

function linkLines(message: OutboxMessage): string[] {
  switch (message.link_status) {
    case 'shown_now':
    case 'none':
      return message.links.map((link) => `  ${link}`);
    case 'shown_before':
      return [`  (link shown on ${message.shown_at}; ask for a new one if it was lost)`];
    case 'expired':
      return ['  (link no longer valid: used, replaced or expired; ask for a new one)'];
  }
}

/**
 * `till mail list`: the newest messages Till sent or, without SMTP_URL, wrote to the log instead,
 * read from the outbox in the database (the server runs in another process). Messages written to the
 * log show their links (a sign-up verification, a password reset); messages sent by SMTP do not, as
 * their links belong in the mailbox only.
 */
import type { Command } from 'commander';
import { loadConfig } from '../config.js';
import { listMail } from '../mail/mailer.js';
import { printResult, type OutputOptions } from './output.js';
import { wholeNumber } from './parse-options.js';
import { withDatabase } from './with-database.js';

interface ListOptions extends OutputOptions {
  limit: number;
}

export function registerMail(program: Command): void {
  const mail = program.command('mail').description("the account mail Till sent (or, without SMTP_URL, wrote to its log instead)");
  mail
    .command('list')
    .description('list the newest messages: recipient, subject, links (for messages not sent by SMTP) and time')
    .option('--limit <n>', 'how many messages, newest first', wholeNumber(1, 1000), 20)
    .option('--json', 'print {"data": [{"to", "subject", "links", "transport", "sent_at"}]} instead of text')
    .action(async (options: ListOptions) => {
      const messages = await withDatabase(loadConfig(), (db) => listMail(db.kysely, options.limit));
      printResult(options, { data: messages }, () =>
        messages.length === 0
          ? 'No mail yet.'
          : messages
              .map((m) => [`${m.sent_at}  ${m.to}  ${m.subject}${m.transport === 'smtp' ? '  (sent by SMTP)' : ''}`, ...m.links.map((link) => `  ${link}`)].join('\n'))
              .join('\n'),
      );
    });
}

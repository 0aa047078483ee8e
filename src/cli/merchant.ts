/**
 * `till merchant create`: a merchant with its first user, an admin who signs in with the e-mail and
 * password given.
 */
import type { Command } from 'commander';
import { loadConfig } from '../config.js';
import { createMerchant } from '../merchants/create-merchant.js';
import { systemClock } from '../time.js';
import { printResult, type OutputOptions } from './output.js';
import { passwordOf, withPasswordOptions, type PasswordOptions } from './password-input.js';
import { wholeNumber } from './parse-options.js';
import { withDatabase } from './with-database.js';

interface CreateOptions extends OutputOptions, PasswordOptions {
  name: string;
  email: string;
  currency: string;
  taxRateBps: number;
}

export function registerMerchant(program: Command): void {
  const merchant = program.command('merchant').description('manage merchants');
  const create = merchant
    .command('create')
    .description('create a merchant and its admin user')
    .requiredOption('--name <name>', 'the business name')
    .requiredOption('--email <email>', "the admin user's e-mail, used to sign in");
  withPasswordOptions(create, "the admin user's")
    .option('--currency <code>', 'ISO 4217 currency of all its prices', 'USD')
    .option('--tax-rate-bps <bps>', 'tax rate in basis points (825 = 8.25%)', wholeNumber(0, 10_000), 0)
    .option('--json', 'print {"merchant": {"id"}, "user": {"id", "email"}} instead of text')
    .action(async (options: CreateOptions) => {
      const password = passwordOf(options);
      const created = await withDatabase(loadConfig(), (db) =>
        createMerchant(db.kysely, systemClock, {
          name: options.name,
          email: options.email,
          password,
          currency: options.currency,
          taxRateBps: options.taxRateBps,
        }),
      );
      printResult(options, { merchant: { id: created.merchant.id }, user: created.user }, () =>
        [
          `Created merchant ${created.merchant.id} (${created.merchant.name}, ${options.currency}, tax ${options.taxRateBps} bps).`,
          `Admin user ${created.user.id} signs in as ${created.user.email}.`,
          `Next: till api-key create --merchant ${created.merchant.id} --environment sandbox`,
        ].join('\n'),
      );
    });
}

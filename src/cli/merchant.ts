/**
 * `till merchant create`: a merchant with its first user, an admin who signs in with the e-mail and
 * password given. `till merchant list`: every merchant.
 */
import type { Command } from 'commander';
import { loadConfig } from '../config.js';
import { listMerchants } from '../db/merchants/merchants.js';
import { createMerchant } from '../merchants/create-merchant.js';
import { systemClock } from '../time.js';
import { printResult, printTable, type OutputOptions } from './output.js';
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
    .option('--currency <code>', 'ISO 4217 currency of all its prices (any case: usd is USD)', 'USD')
    .option('--tax-rate-bps <bps>', 'tax rate in basis points (825 = 8.25%)', wholeNumber(0, 10_000), 0)
    .option('--json', 'print {"merchant": {"id"}, "user": {"id", "email"}} instead of text')
    .action(async (options: CreateOptions) => {
      const password = passwordOf(options);
      const created = await withDatabase(loadConfig(), (db) =>
        createMerchant(db, systemClock, {
          name: options.name,
          email: options.email,
          password,
          currency: options.currency,
          taxRateBps: options.taxRateBps,
          temporary: options.temporary === true,
        }),
      );
      printResult(options, { merchant: { id: created.merchant.id }, user: created.user }, () =>
        [
          `Created merchant ${created.merchant.id} (${created.merchant.name}, ${created.merchant.currency}, tax ${options.taxRateBps} bps).`,
          `Admin user ${created.user.id} signs in as ${created.user.email}${options.temporary === true ? ' and chooses their own password at their first sign-in' : ''}.`,
          `Next: till api-key create --merchant ${created.merchant.id} --environment sandbox`,
        ].join('\n'),
      );
    });

  merchant
    .command('list')
    .description('list every merchant, oldest first')
    .option('--json', 'print {"data": [{"id", "name", "email", "currency", "tax_rate_bps", "created_at"}]} instead of a table')
    .action(async (options: OutputOptions) => {
      const merchants = await withDatabase(loadConfig(), (db) => listMerchants(db));
      printTable(
        options,
        merchants,
        [
          ['ID', (m) => m.id],
          ['NAME', (m) => m.name],
          ['E-MAIL', (m) => m.email],
          ['CURRENCY', (m) => m.currency],
          ['TAX (BPS)', (m) => String(m.tax_rate_bps)],
          ['CREATED', (m) => m.created_at],
        ],
        'No merchants yet: till merchant create --name ... --email ... --password-stdin',
      );
    });
}

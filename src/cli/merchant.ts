/**
 * `till merchant create`: a merchant with its first user, an admin who signs in with the e-mail and
 * password given. `till merchant list`: every merchant. `till merchant update`: change a merchant's
 * settings, as `PATCH /v1/merchant` does.
 */
import type { Command } from 'commander';
import { commandServices } from '../app/services.js';
import { loadConfig } from '../config.js';
import { listMerchants, merchantExists } from '../db/merchants/merchants.js';
import { ApiError } from '../errors.js';
import { createMerchant } from '../merchants/create-merchant.js';
import type { UpdateMerchantBody } from '../merchants/schemas.js';
import { updateMerchant } from '../merchants/update-merchant.js';
import { systemClock } from '../time.js';
import { CliError } from './cli-error.js';
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

interface UpdateOptions extends OutputOptions {
  name?: string;
  currency?: string;
  taxRateBps?: number;
  pricesIncludeTax?: boolean;
  taxId?: string;
  receiptFooter?: string;
}

/** The longest text each option takes, as the API's. */
const LONGEST: ReadonlyArray<readonly [keyof UpdateOptions, string, number]> = [
  ['name', '--name', 250],
  ['taxId', '--tax-id', 100],
  ['receiptFooter', '--receipt-footer', 1000],
];

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

  merchant
    .command('update')
    .description("change a merchant's settings; orders created after the change use them, earlier orders keep their figures")
    .argument('<merchant-id>', 'the merchant (mer_...)')
    .option('--name <name>', 'the business name')
    .option('--currency <code>', 'ISO 4217 currency (any case); refused once the merchant has an order')
    .option('--tax-rate-bps <bps>', 'tax rate in basis points (825 = 8.25%)', wholeNumber(0, 10_000))
    .option('--prices-include-tax', 'line prices include tax: the order total is the sum of the lines, its tax the part inside them')
    .option('--no-prices-include-tax', 'tax is added on top of the line prices')
    .option('--tax-id <id>', 'the tax registration number a receipt shows ("" clears it)')
    .option('--receipt-footer <text>', 'text at the foot of a receipt ("" clears it)')
    .option('--json', 'print the merchant as GET /v1/merchant answers it instead of text')
    .action(async (merchantId: string, options: UpdateOptions) => {
      for (const [option, flag, longest] of LONGEST) {
        const value = options[option];
        if (typeof value === 'string' && value.length > longest) throw new CliError(`${flag} takes at most ${longest} characters, got ${value.length}`);
      }
      const input: UpdateMerchantBody = {
        ...(options.name === undefined ? {} : { name: options.name }),
        ...(options.currency === undefined ? {} : { currency: options.currency }),
        ...(options.taxRateBps === undefined ? {} : { tax_rate_bps: options.taxRateBps }),
        ...(options.pricesIncludeTax === undefined ? {} : { prices_include_tax: options.pricesIncludeTax }),
        ...(options.taxId === undefined ? {} : { tax_id: options.taxId }),
        ...(options.receiptFooter === undefined ? {} : { receipt_footer: options.receiptFooter }),
      };
      if (Object.keys(input).length === 0) {
        throw new CliError('nothing to change: give at least one of --name, --currency, --tax-rate-bps, --[no-]prices-include-tax, --tax-id, --receipt-footer');
      }
      const config = loadConfig();
      const updated = await withDatabase(config, async (db) => {
        if (!(await merchantExists(db, merchantId))) throw new CliError(`no merchant with id "${merchantId}"`);
        try {
          return await updateMerchant(commandServices(config, db, systemClock), { merchantId, environment: 'production' }, input);
        } catch (error) {
          if (error instanceof ApiError && error.code === 'currency_locked') throw new CliError(error.message);
          throw error;
        }
      });
      printResult(options, updated, () =>
        [
          `Updated merchant ${updated.id} (${updated.name}, ${updated.currency}, tax ${updated.tax_rate_bps} bps ${updated.prices_include_tax ? 'included in prices' : 'added on top'}).`,
          `Tax id: ${updated.tax_id ?? '(none)'}. Receipt footer: ${updated.receipt_footer ?? '(none)'}.`,
        ].join('\n'),
      );
    });
}

/**
 * `till products copy-from-sandbox`: the operator's way to copy a merchant's sandbox catalogue into
 * production, as `POST /v1/products/copy_from_sandbox` does (the same operation, so the same rules:
 * products already copied are skipped, stock starts at 0 unless `--include-stock`, one
 * `product.created` event per copy).
 */
import type { Command } from 'commander';
import { commandServices } from '../app/services.js';
import { loadConfig } from '../config.js';
import { copyFromSandbox } from '../products/copy-from-sandbox.js';
import { systemClock } from '../time.js';
import { checkMerchant } from './merchant-filter.js';
import { printResult, type OutputOptions } from './output.js';
import { withDatabase } from './with-database.js';

interface CopyOptions extends OutputOptions {
  merchant: string;
  includeStock?: boolean;
}

export function registerProducts(program: Command): void {
  const products = program.command('products').description("manage a merchant's catalogue");
  products
    .command('copy-from-sandbox')
    .description("copy a merchant's sandbox products into production; products copied before are skipped and left as they are")
    .requiredOption('--merchant <id>', 'the merchant (mer_...)')
    .option('--include-stock', "start each copy with its sandbox stock count (default: tracked stock starts at 0)")
    .option('--json', 'print {"created", "skipped", "products"} as POST /v1/products/copy_from_sandbox answers it instead of text')
    .action(async (options: CopyOptions) => {
      const config = loadConfig();
      const copy = await withDatabase(config, async (db) => {
        await checkMerchant(db, options.merchant);
        return copyFromSandbox(commandServices(config, db, systemClock), { merchantId: options.merchant, environment: 'production' }, { include_stock: options.includeStock === true });
      });
      printResult(options, copy, () =>
        copy.created === 0 && copy.skipped === 0
          ? `The sandbox of ${options.merchant} has no products to copy.`
          : `Copied ${copy.created} sandbox ${copy.created === 1 ? 'product' : 'products'} of ${options.merchant} into production; ${copy.skipped} already there.`,
      );
    });
}

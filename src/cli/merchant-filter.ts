/**
 * The `--merchant` option of the list commands: checked to exist, so that a mistyped id is an error
 * rather than an empty list.
 */
import type { Db } from '../db/connection.js';
import { merchantExists } from '../db/merchants/merchants.js';
import { CliError } from './cli-error.js';

export async function checkMerchant(db: Db, merchantId: string | undefined): Promise<void> {
  if (merchantId === undefined) return;
  if (!(await merchantExists(db, merchantId))) throw new CliError(`no merchant with id "${merchantId}"`);
}

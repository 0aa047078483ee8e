/**
 * `till api-key create` and `till api-key revoke`: the operator's way to issue and withdraw API keys
 * (merchants use `/v1/api_keys` with a signed-in user instead).
 */
import { Option, type Command } from 'commander';
import { createApiKey, revokeApiKey } from '../auth/api-keys.js';
import { DEFAULT_API_KEY_SCOPES, storedApiKeyScopes, type ApiKeyScope } from '../auth/permissions.js';
import { loadConfig } from '../config.js';
import { allApiKeys } from '../db/identity/api-keys.js';
import { ENVIRONMENTS, type Environment } from '../db/schema.js';
import { systemClock } from '../time.js';
import { CliError } from './cli-error.js';
import { checkMerchant } from './merchant-filter.js';
import { printResult, printTable, type OutputOptions } from './output.js';
import { scopeList } from './parse-options.js';
import { withDatabase } from './with-database.js';

interface CreateOptions extends OutputOptions {
  merchant: string;
  environment: Environment;
  permissions?: ApiKeyScope[];
  name: string;
}

export function registerApiKey(program: Command): void {
  const apiKey = program.command('api-key').description('issue, list and revoke API keys');

  apiKey
    .command('create')
    .description('create an API key; the key is printed once and only its hash is kept')
    .requiredOption('--merchant <id>', 'the merchant (mer_...) the key acts for')
    .addOption(new Option('--environment <env>', 'sandbox (sk_test_) or production (sk_live_)').choices(ENVIRONMENTS).makeOptionMandatory())
    .option('--permissions <scopes>', `comma-separated scopes (default: all, ${DEFAULT_API_KEY_SCOPES.join(',')})`, scopeList)
    .option('--name <name>', 'a label to tell keys apart', 'cli')
    .option('--json', 'print {"id", "key", "environment", "permissions"} instead of text')
    .action(async (options: CreateOptions) => {
      const permissions = options.permissions ?? [...DEFAULT_API_KEY_SCOPES];
      if (options.name.trim() === '') throw new CliError('--name must not be empty');
      const created = await withDatabase(loadConfig(), async (db) => {
        await checkMerchant(db, options.merchant);
        return createApiKey(db, systemClock, {
          merchantId: options.merchant,
          environment: options.environment,
          name: options.name.trim(),
          permissions,
        });
      });
      printResult(options, { id: created.id, key: created.key, environment: created.environment, permissions: created.permissions }, () =>
        [
          `Created ${created.environment} key ${created.id} for ${options.merchant} with ${created.permissions.join(', ')}.`,
          `Key (shown only now; keep it secret): ${created.key}`,
        ].join('\n'),
      );
    });

  apiKey
    .command('revoke')
    .description('revoke an API key; requests with it answer 401 at once')
    .argument('<key-id>', 'the key record id (key_...), as printed by api-key create')
    .option('--json', 'print {"id", "revoked_at"} instead of text')
    .action(async (keyId: string, options: OutputOptions) => {
      const revoked = await withDatabase(loadConfig(), (db) => revokeApiKey(db, systemClock, keyId));
      if (revoked === undefined) throw new CliError(`no API key with id "${keyId}"`);
      printResult(options, { id: revoked.id, revoked_at: revoked.revoked_at }, () =>
        `The ${revoked.environment} key ${revoked.id} (ending ${revoked.last4}) is revoked since ${revoked.revoked_at}.`,
      );
    });

  apiKey
    .command('list')
    .description('list API keys (never the keys themselves nor their hashes), revoked ones included, oldest first')
    .option('--merchant <id>', 'only the keys of this merchant (mer_...)')
    .option('--json', 'print {"data": [{"id", "merchant_id", "name", "environment", "permissions", "last4", "created_at", "last_used_at", "revoked_at"}]} instead of a table')
    .action(async (options: OutputOptions & { merchant?: string }) => {
      const keys = await withDatabase(loadConfig(), async (db) => {
        await checkMerchant(db, options.merchant);
        return (await allApiKeys(db, options.merchant)).map((row) => ({ ...row, permissions: storedApiKeyScopes(row.permissions) }));
      });
      printTable(
        options,
        keys,
        [
          ['ID', (k) => k.id],
          ['MERCHANT', (k) => k.merchant_id],
          ['ENVIRONMENT', (k) => k.environment],
          ['NAME', (k) => k.name],
          ['ENDS', (k) => k.last4],
          ['STATUS', (k) => (k.revoked_at === null ? 'active' : `revoked ${k.revoked_at}`)],
          ['LAST USED', (k) => k.last_used_at ?? 'never'],
          ['PERMISSIONS', (k) => k.permissions.join(',')],
        ],
        options.merchant === undefined ? 'No API keys.' : `No API keys for ${options.merchant}.`,
      );
    });
}

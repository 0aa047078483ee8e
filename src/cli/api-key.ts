/**
 * `till api-key create` and `till api-key revoke`: the operator's way to issue and withdraw API keys
 * (merchants use `/v1/api_keys` with a signed-in user instead).
 */
import { Option, type Command } from 'commander';
import { createApiKey, revokeApiKey } from '../auth/api-keys.js';
import { DEFAULT_API_KEY_SCOPES, type Scope } from '../auth/permissions.js';
import { loadConfig } from '../config.js';
import { ENVIRONMENTS, type Environment } from '../db/schema.js';
import { systemClock } from '../time.js';
import { CliError } from './cli-error.js';
import { printResult, type OutputOptions } from './output.js';
import { scopeList } from './parse-options.js';
import { withDatabase } from './with-database.js';

interface CreateOptions extends OutputOptions {
  merchant: string;
  environment: Environment;
  permissions?: Scope[];
  name: string;
}

export function registerApiKey(program: Command): void {
  const apiKey = program.command('api-key').description('issue and revoke API keys');

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
        const merchant = await db.kysely.selectFrom('merchants').select('id').where('id', '=', options.merchant).executeTakeFirst();
        if (merchant === undefined) throw new CliError(`no merchant with id "${options.merchant}"`);
        return createApiKey(db.kysely, systemClock, {
          merchantId: merchant.id,
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
      const revoked = await withDatabase(loadConfig(), (db) => revokeApiKey(db.kysely, systemClock, keyId));
      if (revoked === undefined) throw new CliError(`no API key with id "${keyId}"`);
      printResult(options, { id: revoked.id, revoked_at: revoked.revoked_at }, () =>
        `The ${revoked.environment} key ${revoked.id} (ending ${revoked.last4}) is revoked since ${revoked.revoked_at}.`,
      );
    });
}

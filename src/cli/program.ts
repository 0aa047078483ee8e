/**
 * The `till` command and its subcommands, one file per command group.
 */
import { Command } from 'commander';
import { registerApiKey } from './api-key.js';
import { registerDemo } from './demo.js';
import { registerMail } from './mail.js';
import { registerMerchant } from './merchant.js';
import { registerMigrate } from './migrate.js';
import { registerOAuthClient } from './oauth-client.js';
import { registerProducts } from './products.js';
import { registerServe } from './serve.js';
import { registerSigningKey } from './signing-key.js';
import { registerUser } from './user.js';
import { registerWebhooks } from './webhooks.js';
import { registerWebhooksListen } from './webhooks-listen.js';

export function buildProgram(version: string): Command {
  const program = new Command('till')
    .description('Till, the merchant point-of-sale and commerce API. Every command reads DATABASE_URL (and DATABASE_SCHEMA).')
    .version(version)
    .showSuggestionAfterError()
    // Errors are thrown back to main() instead of exiting, so that open databases are closed first.
    .exitOverride();
  registerServe(program);
  registerMigrate(program);
  registerMerchant(program);
  registerUser(program);
  registerApiKey(program);
  registerProducts(program);
  registerOAuthClient(program);
  registerSigningKey(program);
  registerDemo(program);
  registerMail(program);
  registerWebhooks(program);
  registerWebhooksListen(program);
  return program;
}

/**
 * `till oauth-client create`: registers an app users sign in to (a cashier's mobile app, say). The
 * client is public, with no secret: an app installed on a device cannot keep one, so PKCE and the
 * registered redirect URIs are what bind a sign-in to it.
 */
import type { Command } from 'commander';
import { checkRedirectUri, createOAuthClient } from '../auth/oauth-clients.js';
import { loadConfig, serviceUrl } from '../config.js';
import { allOAuthClients } from '../db/identity/signing-keys.js';
import { InvalidInput } from '../errors.js';
import { systemClock } from '../time.js';
import { CliError } from './cli-error.js';
import { printResult, printTable, type OutputOptions } from './output.js';
import { withDatabase } from './with-database.js';

interface CreateOptions extends OutputOptions {
  name: string;
  redirectUri: string[];
}

export function registerOAuthClient(program: Command): void {
  const oauthClient = program.command('oauth-client').description('register and list the apps (OAuth clients) that users sign in to');

  oauthClient
    .command('create')
    .description('register a public OAuth client (no secret; PKCE with S256) and the redirect URIs it may use')
    .requiredOption('--name <name>', 'the app name shown on the sign-in page')
    .requiredOption(
      '--redirect-uri <uri>',
      'where the app is sent back to after sign-in; repeat for several. https, a private-use scheme (com.example.app:/callback), or http on 127.0.0.1, [::1] or localhost (any port)',
      (value: string, previous: string[] | undefined) => [...(previous ?? []), value],
    )
    .option('--json', 'print {"client_id", "name", "redirect_uris"} instead of text')
    .action(async (options: CreateOptions) => {
      // Checked before the database is opened, so that the message names the option.
      for (const uri of options.redirectUri) {
        try {
          checkRedirectUri(uri);
        } catch (error) {
          if (error instanceof InvalidInput) throw new CliError(`--redirect-uri ${error.reason}`);
          throw error;
        }
      }
      const config = loadConfig();
      const client = await withDatabase(config, (db) => createOAuthClient(db, systemClock, { name: options.name, redirectUris: options.redirectUri }));
      const url = serviceUrl(config, config.port);
      printResult(options, { client_id: client.id, name: client.name, redirect_uris: client.redirect_uris }, () =>
        [
          `Registered ${client.name} as OAuth client ${client.id}: a public client (no secret), which sends client_id=${client.id} and a PKCE S256 code_challenge.`,
          'Redirect URIs, matched character for character:',
          ...client.redirect_uris.map((uri) => `  ${uri}${isLoopback(uri) ? `  (loopback: any port matches, such as ${withPort(uri, 51004)})` : ''}`),
          `Sign-in starts at ${url}/oauth/authorize; apps find every endpoint at ${url}/.well-known/oauth-authorization-server.`,
        ].join('\n'),
      );
    });
  registerList(oauthClient);
}

/** `till oauth-client list`: every registered client, oldest first. */
function registerList(oauthClient: Command): void {
  oauthClient
    .command('list')
    .description('list the registered OAuth clients and their redirect URIs, oldest first')
    .option('--json', 'print {"data": [{"client_id", "name", "redirect_uris", "created_at"}]} instead of a table')
    .action(async (options: OutputOptions) => {
      const rows = await withDatabase(loadConfig(), (db) =>
        allOAuthClients(db),
      );
      const clients = rows.map((row) => ({ client_id: row.id, name: row.name, redirect_uris: JSON.parse(row.redirect_uris) as string[], created_at: row.created_at }));
      printTable(
        options,
        clients,
        [
          ['CLIENT ID', (c) => c.client_id],
          ['NAME', (c) => c.name],
          ['CREATED', (c) => c.created_at],
          ['REDIRECT URIS', (c) => c.redirect_uris.join(' ')],
        ],
        'No OAuth clients: till oauth-client create --name ... --redirect-uri ...',
      );
    });
}

/** Plain http passed checkRedirectUri only on a loopback host. */
function isLoopback(uri: string): boolean {
  return new URL(uri).protocol === 'http:';
}

function withPort(uri: string, port: number): string {
  const url = new URL(uri);
  url.port = String(port);
  return url.toString();
}

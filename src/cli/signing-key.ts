/**
 * `till signing-key rotate`: a new key signs access tokens from now on. The keys it replaces stay
 * published at `/.well-known/jwks.json` (and accepted) until the last token they signed has expired,
 * so nobody is signed out by a rotation.
 */
import type { Command } from 'commander';
import { signingKeyCipher } from '../app/services.js';
import { PUBLISHED_MARGIN_MS, rotateSigningKey } from '../auth/signing-keys.js';
import { loadConfig } from '../config.js';
import { systemClock } from '../time.js';
import { rewrapWebhookSecrets } from '../webhooks/webhook-secrets.js';
import { printResult, type OutputOptions } from './output.js';
import { withDatabase } from './with-database.js';

export function registerSigningKey(program: Command): void {
  const signingKey = program.command('signing-key').description('manage the keys that sign user access tokens');

  signingKey
    .command('rotate')
    .description('add a new ES256 signing key and retire the current one, which stays published until the tokens it signed expire')
    .option('--json', 'print {"kid", "retired", "rewrapped", "webhook_secrets_rewrapped", "encrypted"} instead of text')
    .action(async (options: OutputOptions) => {
      const config = loadConfig();
      const cipher = signingKeyCipher(config);
      // Webhook endpoints' secrets are encrypted with the same key, so they are re-wrapped with the signing keys.
      const rotated = await withDatabase(config, async (db) => {
        const keys = await rotateSigningKey(db, systemClock, cipher);
        return { ...keys, webhookSecrets: await rewrapWebhookSecrets(db, cipher, 'all') };
      });
      const lifetime = describeSeconds(config.accessTokenTtlSeconds);
      printResult(options, { kid: rotated.id, retired: rotated.retired, rewrapped: rotated.rewrapped, webhook_secrets_rewrapped: rotated.webhookSecrets, encrypted: cipher.encrypts }, () =>
        [
          `New signing key ${rotated.id}: running servers sign with it within a minute (they read the keys again every minute).`,
          rotated.retired.length === 0
            ? 'No key was signing before: there was none to retire.'
            : `Retired ${rotated.retired.join(', ')}: ${rotated.retired.length === 1 ? 'it stays' : 'they stay'} published at /.well-known/jwks.json, and the tokens signed with ${rotated.retired.length === 1 ? 'it' : 'them'} stay valid, until those expire (the access-token lifetime, ${lifetime}, plus ${PUBLISHED_MARGIN_MS / 60_000} minutes).`,
          cipher.encrypts
            ? `Every private key is stored encrypted with SIGNING_KEY_ENCRYPTION_KEY (${rotated.rewrapped} re-encrypted now).\n` +
              `So is every webhook endpoint secret (${rotated.webhookSecrets} re-encrypted now).`
            : 'Warning: SIGNING_KEY_ENCRYPTION_KEY is not set, so the private keys are stored in clear in the database; production refuses to run so.',
        ].join('\n'),
      );
    });
}

function describeSeconds(seconds: number): string {
  if (seconds % 3600 === 0) return `${seconds / 3600} hour${seconds === 3600 ? '' : 's'}`;
  if (seconds % 60 === 0) return `${seconds / 60} minutes`;
  return `${seconds} seconds`;
}

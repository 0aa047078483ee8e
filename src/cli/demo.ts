/**
 * `till demo [--serve]`: the demo shop, a fresh sandbox key for it, and curl commands to paste; and
 * the demo OAuth client with a ready-made authorization URL, to sign in as the demo admin by hand.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Command } from 'commander';
import ipaddr from 'ipaddr.js';
import { createApiKey } from '../auth/api-keys.js';
import { DEFAULT_API_KEY_SCOPES } from '../auth/permissions.js';
import { encryptionKey, loadConfig, serviceUrl, type Config } from '../config.js';
import { dialectOf, sqlitePath, type Db } from '../db/connection.js';
import { countCustomers } from '../db/catalog/customers.js';
import { countProducts, orderableProducts } from '../db/catalog/products.js';
import { ordersByStatus } from '../db/orders/orders-by-status.js';
import { makePrivateDirectory } from '../db/sqlite-file.js';
import { ORDER_STATUSES, type OrderStatus } from '../db/schema.js';
import { systemClock } from '../time.js';
import { CliError } from './cli-error.js';
import { printResult, type OutputOptions } from './output.js';
import type { DemoShop } from './seed-demo.js';
import { startOrExplain } from './serve.js';
import { withDatabase } from './with-database.js';

interface DemoOptions extends OutputOptions {
  serve?: boolean;
}

interface DemoSummary {
  /** Where the served demo's webhooks may go (null when it does not serve). */
  webhooks: string | null;
  merchant: { id: string; name: string; email: string; password?: string; created: boolean };
  api_key: { id: string; key: string; environment: 'sandbox' };
  url: string;
  product: { id: string; name: string; price: number };
  counts: { products: number; customers: number; orders: Record<OrderStatus, number> };
  oauth_client: { client_id: string; name: string; redirect_uris: string[]; created: boolean };
  /** One sign-in to run by hand: open `authorization_url`, then exchange the code with `code_verifier`. */
  sign_in: { authorization_url: string; redirect_uri: string; state: string; code_verifier: string; token_url: string };
  /** The file holding the demo's SIGNING_KEY_ENCRYPTION_KEY, when the demo keeps one (a SQLite file, the variable unset). */
  signing_key_encryption_key_file: string | null;
}

/** The loopback redirect URI of the printed sign-in: the demo client's, on a port picked here (any port matches). */
const SIGN_IN_REDIRECT_URI = 'http://127.0.0.1:8765/callback';

export function registerDemo(program: Command): void {
  program
    .command('demo')
    .description('create (or reuse) the demo shop with sandbox data and its OAuth client; print a new sandbox key, curl commands and a sign-in link')
    .option('--serve', 'then start the server in this process')
    .option('--json', 'print the demo merchant, key, URL, counts, OAuth client and sign-in link as JSON instead of text')
    .action(async (options: DemoOptions) => {
      const loaded = loadConfig();
      const loadedAllowsPrivate = loaded.webhookAllowPrivateNetworks;
      const { config, keyFile } = demoConfig(loaded, options.serve === true);
      // Loaded on use, like the server: the order operations are only needed here.
      const { DEMO_MERCHANT, prepareDemoClient, prepareDemoShop } = await import('./seed-demo.js');
      const { shop, key, product, counts, oauth } = await withDatabase(config, async (db) => {
        const shop = await prepareDemoShop(db, config);
        const oauth = await prepareDemoClient(db);
        const key = await createApiKey(db, systemClock, {
          merchantId: shop.merchantId,
          environment: 'sandbox',
          name: 'demo',
          permissions: DEFAULT_API_KEY_SCOPES,
        });
        return { shop, key, oauth, ...(await describeShop(db, shop)) };
      });
      const url = options.serve === true ? (await startOrExplain(config)).url : serviceUrl(config, config.port);
      const summary: DemoSummary = {
        merchant: {
          id: shop.merchantId,
          name: DEMO_MERCHANT.name,
          email: DEMO_MERCHANT.email,
          ...(shop.password === undefined ? {} : { password: shop.password }),
          created: shop.password !== undefined,
        },
        api_key: { id: key.id, key: key.key, environment: 'sandbox' },
        url,
        product,
        counts,
        oauth_client: { client_id: oauth.client.id, name: oauth.client.name, redirect_uris: oauth.client.redirect_uris, created: oauth.created },
        sign_in: signInExample(url, oauth.client.id),
        signing_key_encryption_key_file: keyFile ?? null,
        webhooks: options.serve === true ? webhookReachText(config, loadedAllowsPrivate) : null,
      };
      printResult(options, summary, () => demoText(summary, shop, options.serve === true));
    });
}

/**
 * The demo's configuration. `/metrics` is open when it serves (nowhere else is it without
 * METRICS_TOKEN or METRICS_PORT). Webhooks may reach receivers on this machine and its private
 * networks (WEBHOOK_ALLOW_PRIVATE_NETWORKS, false elsewhere) only when the demo listens on a
 * loopback address (HOST=127.0.0.1, the default, or localhost, ::1): listening on 0.0.0.0, anyone who
 * reaches it could sign up and have it fetch internal services for them, so it keeps to public
 * addresses unless the variable says otherwise. Link-local and cloud-metadata addresses stay closed
 * either way (WEBHOOK_ALLOW_LINK_LOCAL). On a SQLite file and without SIGNING_KEY_ENCRYPTION_KEY, the demo
 * keeps that key in a file beside the database (`<database>.signing-key-encryption-key`, made on the
 * first run with mode 0600, read by the later ones), so its private signing keys are encrypted too.
 */
export function demoConfig(loaded: Config, serving: boolean): { config: Config; keyFile?: string } {
  const config = { ...loaded, metricsPublic: serving, webhookAllowPrivateNetworks: loaded.webhookAllowPrivateNetworks || (serving && isLoopbackHost(loaded.host)) };
  if (config.signingKeyEncryptionKey !== undefined || dialectOf(config.databaseUrl) !== 'sqlite') return { config };
  const database = sqlitePath(config.databaseUrl);
  if (database === ':memory:') return { config };
  const keyFile = `${database}.signing-key-encryption-key`;
  try {
    // The database's directory: private, as the server makes it (sqlite-file.ts).
    makePrivateDirectory(dirname(keyFile));
    writeFileSync(keyFile, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw new CliError(`cannot write the demo's encryption key to ${keyFile}: ${(error as Error).message}`);
  }
  let text: string;
  try {
    text = readFileSync(keyFile, 'utf8');
  } catch (error) {
    throw new CliError(`cannot read the demo's encryption key from ${keyFile}: ${(error as Error).message}`);
  }
  return { config: { ...config, signingKeyEncryptionKey: encryptionKey(`The key file ${keyFile}`, text) }, keyFile };
}

/** Whether HOST names a loopback address only (127.0.0.0/8, ::1, localhost). */
export function isLoopbackHost(host: string): boolean {
  const name = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (name === 'localhost') return true;
  return ipaddr.isValid(name) && ipaddr.process(name).range() === 'loopback';
}

/** What the demo tells about where its webhooks may go. */
export function webhookReachText(config: Pick<Config, 'host' | 'webhookAllowPrivateNetworks' | 'webhookAllowLinkLocal'>, explicitlyAllowed: boolean): string {
  const linkLocal = config.webhookAllowLinkLocal
    ? 'link-local and cloud-metadata addresses too (WEBHOOK_ALLOW_LINK_LOCAL=true)'
    : 'never link-local or cloud-metadata addresses (169.254.0.0/16, fe80::/10; WEBHOOK_ALLOW_LINK_LOCAL=true opens them)';
  if (!config.webhookAllowPrivateNetworks) {
    return `Webhooks go to public addresses only: the demo listens on ${config.host}, beyond this machine, so it does not open private networks to whoever signs up (WEBHOOK_ALLOW_PRIVATE_NETWORKS=true would).`;
  }
  return explicitlyAllowed
    ? `Webhooks may reach this machine and private networks (WEBHOOK_ALLOW_PRIVATE_NETWORKS=true), ${linkLocal}.`
    : `Webhooks may reach receivers on this machine and private networks, as the demo listens on ${config.host} only (WEBHOOK_ALLOW_PRIVATE_NETWORKS is on for the demo alone); ${linkLocal}.`;
}

async function describeShop(db: Db, shop: DemoShop): Promise<Pick<DemoSummary, 'product' | 'counts'>> {
  const tenant = { merchantId: shop.merchantId, environment: 'sandbox' } as const;
  const orderable = await orderableProducts(db, tenant, 2);
  const byStatus = await ordersByStatus(db, tenant);
  // The product of the example order: the active, stock-tracked one with the most units left, else
  // an untracked one (the merchant may have changed the demo catalogue through the API).
  const product = orderable.sort((a, b) => (b.inventory ?? -1) - (a.inventory ?? -1) || (a.id < b.id ? -1 : 1))[0];
  if (product === undefined) {
    throw new CliError(`the demo shop has no active product with 2 units in stock to show an order with; restock one through /v1/products`);
  }
  const orders = Object.fromEntries(ORDER_STATUSES.map((s) => [s, byStatus.find((row) => row.status === s)?.n ?? 0]));
  return {
    product: { id: product.id, name: product.name, price: product.price },
    counts: { products: await countProducts(db, tenant), customers: await countCustomers(db, tenant), orders: orders as Record<OrderStatus, number> },
  };
}

/**
 * An authorization request with a fresh PKCE pair (RFC 7636: a 43-character verifier and its S256
 * challenge) and state, for the sandbox data, that a person can open in a browser and finish with curl.
 */
function signInExample(url: string, clientId: string): DemoSummary['sign_in'] {
  const verifier = randomBytes(32).toString('base64url');
  const state = randomBytes(16).toString('base64url');
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: SIGN_IN_REDIRECT_URI,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    state,
    environment: 'sandbox',
  });
  return { authorization_url: `${url}/oauth/authorize?${query}`, redirect_uri: SIGN_IN_REDIRECT_URI, state, code_verifier: verifier, token_url: `${url}/oauth/token` };
}

function demoText(summary: DemoSummary, shop: DemoShop, serving: boolean): string {
  const { merchant, api_key: key, url, product, counts, oauth_client: client, sign_in: signIn } = summary;
  const orderCounts = ORDER_STATUSES.map((s) => `${counts.orders[s]} ${s}`).join(', ');
  const auth = '-H "Authorization: Bearer $TILL_KEY"';
  const json = '-H "Content-Type: application/json"';
  return [
    `${merchant.name} (${merchant.id}) is ready: ${counts.products} products, ${counts.customers} customers, orders: ${orderCounts}.`,
    ...(shop.seeded ? [] : ['It existed already: its sandbox data was kept and only a new key was made.']),
    merchant.password === undefined
      ? `Its admin user is ${merchant.email} (password as printed when the demo was first created).`
      : `Its admin user is ${merchant.email}, password ${merchant.password} (shown only now).`,
    `New sandbox API key (shown only now): ${key.key}`,
    `The dashboard is at ${url}/dashboard: sign in there as ${merchant.email}.`,
    '',
    ...(summary.signing_key_encryption_key_file === null
      ? []
      : [`The private keys that sign access tokens are encrypted with the key in ${summary.signing_key_encryption_key_file} (SIGNING_KEY_ENCRYPTION_KEY).`]),
    ...(serving ? [`Prometheus metrics are at ${url}/metrics (open to anyone in the demo only).`] : []),
    ...(summary.webhooks === null ? [] : [summary.webhooks]),
    serving
      ? `The server is listening on ${url}. Paste these in another terminal:`
      : summary.signing_key_encryption_key_file === null
        ? `Start the server with "till serve" (or "npm start"), then paste these:`
        : `Start the server with SIGNING_KEY_ENCRYPTION_KEY="$(cat ${summary.signing_key_encryption_key_file})" till serve, then paste these:`,
    '',
    `export TILL_URL=${url}`,
    `export TILL_KEY=${key.key}`,
    '',
    '# List orders, newest first',
    `curl -s -w '\\n' "$TILL_URL/v1/orders?per_page=5" ${auth}`,
    '',
    `# Create an order for 2 x ${product.name} (${product.id}) and keep its id`,
    `ORDER_ID=$(curl -s -X POST "$TILL_URL/v1/orders" ${auth} ${json} -d '{"items": [{"product_id": "${product.id}", "quantity": 2}]}' | node -pe 'JSON.parse(require("fs").readFileSync(0, "utf8")).id')`,
    'echo "$ORDER_ID"',
    '',
    '# Capture the payment with the sandbox test card tok_visa',
    `curl -s -w '\\n' -X POST "$TILL_URL/v1/orders/$ORDER_ID/capture" ${auth} ${json} -d '{"payment_token": "tok_visa"}'`,
    '',
    '# Refund 100 (one dollar) of it',
    `curl -s -w '\\n' -X POST "$TILL_URL/v1/orders/$ORDER_ID/refund" ${auth} ${json} -d '{"amount": 100}'`,
    '',
    `Sign in as a user, as a mobile app does (OAuth 2.0 with PKCE), through the demo app ${client.client_id} (${client.name}):`,
    `1. Open this address in a browser and sign in as ${merchant.email} with ${merchant.password === undefined ? 'its password' : 'the password above'}:`,
    `   ${signIn.authorization_url}`,
    `2. The browser is sent on to ${signIn.redirect_uri}?code=...&state=${signIn.state}&iss=...; nothing listens there,`,
    '   so copy the code from the address bar.',
    `3. Within a minute (codes expire), exchange it for tokens; the code_verifier ${signIn.code_verifier} is the secret half of the code_challenge:`,
    '',
    'CODE=paste-the-code-here',
    `curl -s -w '\\n' -X POST "$TILL_URL/oauth/token" -d grant_type=authorization_code -d client_id=${client.client_id} --data-urlencode "code=$CODE" --data-urlencode redirect_uri=${signIn.redirect_uri} -d code_verifier=${signIn.code_verifier}`,
    '',
    `Its access_token acts as ${merchant.email} on the sandbox data for expires_in seconds: export TILL_KEY=<access_token> and the commands above work with it;`,
    `its refresh_token gets a new pair: curl -s -X POST "$TILL_URL/v1/auth/refresh" ${json} -d '{"refresh_token": "<refresh_token>"}'`,
    ...(serving ? ['', 'Stop the server with Ctrl+C.'] : []),
  ].join('\n');
}

/**
 * `till user create`, `list`, `set-password` and `remove`: the operator's way to add the people of a
 * merchant who sign in to apps (through `/oauth/authorize`), to see them, to give one a new password,
 * and to take them away again.
 */
import { Option, type Command } from 'commander';
import { setUserPassword } from '../auth/set-password.js';
import { createUser, removeUser, ROLES } from '../auth/users.js';
import { loadConfig } from '../config.js';
import { allUsers, userRecord } from '../db/identity/users.js';
import type { Role } from '../db/schema.js';
import { systemClock } from '../time.js';
import { CliError } from './cli-error.js';
import { checkMerchant } from './merchant-filter.js';
import { printResult, printTable, type OutputOptions } from './output.js';
import { passwordOf, withPasswordOptions, type PasswordOptions } from './password-input.js';
import { withDatabase } from './with-database.js';

interface CreateOptions extends OutputOptions, PasswordOptions {
  merchant: string;
  email: string;
  role: Role;
}

export function registerUser(program: Command): void {
  const user = program.command('user').description("add, list and remove a merchant's users, who sign in to apps with an e-mail and password, and set their passwords");

  const create = user
    .command('create')
    .description('create a user of a merchant with a role: admin (everything), manager (all but API keys) or cashier (orders, reading products and customers)')
    .requiredOption('--merchant <id>', 'the merchant (mer_...) the user belongs to')
    .requiredOption('--email <email>', 'the e-mail the user signs in with (unique across all merchants)')
    .addOption(new Option('--role <role>', 'what the user may do').choices(ROLES).makeOptionMandatory());
  withPasswordOptions(create, "the user's")
    .option('--json', 'print {"id", "email", "role", "merchant_id"} instead of text')
    .action(async (options: CreateOptions) => {
      const password = passwordOf(options);
      const created = await withDatabase(loadConfig(), (db) =>
        createUser(db, systemClock, { merchantId: options.merchant, email: options.email, password, role: options.role, temporary: options.temporary === true }),
      );
      printResult(options, { id: created.id, email: created.email, role: created.role, merchant_id: created.merchant_id }, () =>
        `Created ${created.role} ${created.id} of ${created.merchant_id}; they sign in to apps as ${created.email}` +
        (options.temporary === true ? ', and choose their own password at their first sign-in.' : '.'),
      );
    });

  user
    .command('remove')
    .description('remove a user: they can no longer sign in, and their access and refresh tokens answer 401 at once')
    .argument('<user-id>', 'the user id (usr_...), as printed by user create')
    .option('--json', 'print {"id", "email", "merchant_id", "removed_at"} instead of text')
    .action(async (userId: string, options: OutputOptions) => {
      const removed = await withDatabase(loadConfig(), async (db) => {
        const view = await removeUser(db, systemClock, userId);
        if (view === undefined) return undefined;
        // Removing twice keeps the first time, which removeUser does not return.
        const record = await userRecord(db, userId);
        return { ...view, removed_at: record!.removed_at! };
      });
      if (removed === undefined) throw new CliError(`no user with id "${userId}"`);
      printResult(options, { id: removed.id, email: removed.email, merchant_id: removed.merchant_id, removed_at: removed.removed_at }, () =>
        `User ${removed.id} (${removed.email}) of ${removed.merchant_id} is removed since ${removed.removed_at}: they cannot sign in, and their tokens answer 401.`,
      );
    });

  user
    .command('list')
    .description('list users (never their password hashes), removed ones included, oldest first')
    .option('--merchant <id>', 'only the users of this merchant (mer_...)')
    .option('--json', 'print {"data": [{"id", "merchant_id", "email", "role", "created_at", "removed_at"}]} instead of a table')
    .action(async (options: OutputOptions & { merchant?: string }) => {
      const users = await withDatabase(loadConfig(), async (db) => {
        await checkMerchant(db, options.merchant);
        return allUsers(db, options.merchant);
      });
      printTable(
        options,
        users,
        [
          ['ID', (u) => u.id],
          ['MERCHANT', (u) => u.merchant_id],
          ['E-MAIL', (u) => u.email],
          ['ROLE', (u) => u.role],
          ['STATUS', (u) => (u.removed_at === null ? 'active' : `removed ${u.removed_at}`)],
          ['CREATED', (u) => u.created_at],
        ],
        options.merchant === undefined ? 'No users.' : `No users for ${options.merchant}.`,
      );
    });

  const setPassword = user
    .command('set-password')
    .description("set a user's password (a lost one, say); their sign-ins end at once, so every app asks them to sign in again")
    .argument('<user-id>', 'the user id (usr_...), as printed by user create or user list');
  withPasswordOptions(setPassword, 'the new')
    .option('--json', 'print {"id", "email", "merchant_id"} instead of text')
    .action(async (userId: string, options: PasswordOptions & OutputOptions) => {
      const password = passwordOf(options);
      const changed = await withDatabase(loadConfig(), (db) => setUserPassword(db, systemClock, userId, password));
      if (changed === undefined) throw new CliError(`no user with id "${userId}"`);
      printResult(options, { id: changed.id, email: changed.email, merchant_id: changed.merchant_id }, () =>
        `The password of ${changed.id} (${changed.email}) of ${changed.merchant_id} is set; their sign-ins have ended, and they sign in again with the new password.`,
      );
    });
}

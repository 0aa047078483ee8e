/**
 * `till user create` and `till user remove`: the operator's way to add the people of a merchant who
 * sign in to apps (through `/oauth/authorize`), and to take them away again.
 */
import { Option, type Command } from 'commander';
import { createUser, removeUser, ROLES } from '../auth/users.js';
import { loadConfig } from '../config.js';
import type { Role } from '../db/schema.js';
import { systemClock } from '../time.js';
import { CliError } from './cli-error.js';
import { printResult, type OutputOptions } from './output.js';
import { passwordOf, withPasswordOptions, type PasswordOptions } from './password-input.js';
import { withDatabase } from './with-database.js';

interface CreateOptions extends OutputOptions, PasswordOptions {
  merchant: string;
  email: string;
  role: Role;
}

export function registerUser(program: Command): void {
  const user = program.command('user').description("add and remove a merchant's users, who sign in to apps with an e-mail and password");

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
        createUser(db.kysely, systemClock, { merchantId: options.merchant, email: options.email, password, role: options.role }),
      );
      printResult(options, { id: created.id, email: created.email, role: created.role, merchant_id: created.merchant_id }, () =>
        `Created ${created.role} ${created.id} of ${created.merchant_id}; they sign in to apps as ${created.email}.`,
      );
    });

  user
    .command('remove')
    .description('remove a user: they can no longer sign in, and their access and refresh tokens answer 401 at once')
    .argument('<user-id>', 'the user id (usr_...), as printed by user create')
    .option('--json', 'print {"id", "email", "merchant_id", "removed_at"} instead of text')
    .action(async (userId: string, options: OutputOptions) => {
      const removed = await withDatabase(loadConfig(), async (db) => {
        const view = await removeUser(db.kysely, systemClock, userId);
        if (view === undefined) return undefined;
        // Removing twice keeps the first time, which removeUser does not return.
        const { removed_at } = await db.kysely.selectFrom('users').select('removed_at').where('id', '=', userId).executeTakeFirstOrThrow();
        return { ...view, removed_at: removed_at! };
      });
      if (removed === undefined) throw new CliError(`no user with id "${userId}"`);
      printResult(options, { id: removed.id, email: removed.email, merchant_id: removed.merchant_id, removed_at: removed.removed_at }, () =>
        `User ${removed.id} (${removed.email}) of ${removed.merchant_id} is removed since ${removed.removed_at}: they cannot sign in, and their tokens answer 401.`,
      );
    });
}

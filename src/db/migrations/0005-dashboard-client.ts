import type { Kysely, Migration } from 'kysely';

/** The OAuth client of the merchant dashboard served at `/dashboard`, the same on every database. */
export const DASHBOARD_CLIENT_ID = 'cli_dashboard';
/**
 * Its one redirect URI: a path, which means that path on the origin the authorization server is
 * reached at (see `redirectUriAllowed`). Operators cannot register a path; only this migration does.
 */
export const DASHBOARD_REDIRECT_PATH = '/dashboard/callback';

/**
 * The dashboard is a public client like any app. Inserting it here, rather than at start-up, makes
 * it exist once on every database, whatever number of server processes start at once.
 */
export const dashboardClient = (): Migration => ({
  async up(db: Kysely<any>) {
    await db
      .insertInto('oauth_clients')
      .values({ id: DASHBOARD_CLIENT_ID, name: 'Till dashboard', redirect_uris: JSON.stringify([DASHBOARD_REDIRECT_PATH]), created_at: new Date().toISOString() })
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.deleteFrom('oauth_clients').where('id', '=', DASHBOARD_CLIENT_ID).execute();
  },
});

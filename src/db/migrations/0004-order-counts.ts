import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../connection.js';

/**
 * Order counts by merchant, environment, status and day of creation (UTC), so that List Orders can
 * give the exact `total` of a date range by adding up its whole days instead of counting every
 * matching order (170,000 index entries for a quarter of a busy merchant's orders: 16 ms of SQLite,
 * 50 ms of PostgreSQL, per request).
 *
 * Triggers on `orders` keep the counts, in the transaction of the change, whatever writes the order:
 * +1 for a new order, -1 and +1 when its status changes, -1 when it is deleted. On PostgreSQL each
 * connection adds to its own slot (its backend's pid modulo 16), so concurrent orders of one merchant
 * rarely wait for each other's count row; a count is the sum of its slots. The counts of the orders
 * already there are added when the migration runs.
 */
const SLOTS_POSTGRES = 16;

export const orderCounts = (dialect: DialectName): Migration => ({
  async up(db: Kysely<any>) {
    const key = dialect === 'postgres' ? sql`text collate "C"` : sql`text`;
    await db.schema
      .createTable('order_counts')
      .addColumn('merchant_id', key, (c) => c.notNull())
      .addColumn('environment', key, (c) => c.notNull())
      .addColumn('status', key, (c) => c.notNull())
      .addColumn('day', key, (c) => c.notNull())
      .addColumn('slot', 'integer', (c) => c.notNull())
      .addColumn('count', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('order_counts_pk', ['merchant_id', 'environment', 'status', 'day', 'slot'])
      .execute();

    if (dialect === 'postgres') await postgresTriggers(db);
    else await sqliteTriggers(db);

    await sql`
      insert into order_counts (merchant_id, environment, status, day, slot, count)
      select merchant_id, environment, status, substr(created_at, 1, 10), 0, count(*)
        from orders
       group by merchant_id, environment, status, substr(created_at, 1, 10)`.execute(db);
  },

  async down(db: Kysely<any>) {
    for (const trigger of ['order_counts_insert', 'order_counts_update', 'order_counts_delete']) {
      await sql`drop trigger if exists ${sql.id(trigger)}${dialect === 'postgres' ? sql` on orders` : sql``}`.execute(db);
    }
    if (dialect === 'postgres') await sql`drop function if exists order_counts_change()`.execute(db);
    await db.schema.dropTable('order_counts').execute();
  },
});

/** One upsert per count change, written once for both databases' trigger bodies. */
function add(dialect: DialectName, row: 'new' | 'old', change: 1 | -1) {
  const slot = dialect === 'postgres' ? sql.raw(`pg_backend_pid() % ${SLOTS_POSTGRES}`) : sql.raw('0');
  const r = sql.raw(row);
  return sql`insert into order_counts (merchant_id, environment, status, day, slot, count)
    values (${r}.merchant_id, ${r}.environment, ${r}.status, substr(${r}.created_at, 1, 10), ${slot}, ${sql.raw(String(change))})
    on conflict (merchant_id, environment, status, day, slot) do update set count = order_counts.count + excluded.count;`;
}

async function sqliteTriggers(db: Kysely<any>): Promise<void> {
  await sql`create trigger order_counts_insert after insert on orders begin ${add('sqlite', 'new', 1)} end`.execute(db);
  await sql`create trigger order_counts_update after update of status on orders when old.status is not new.status begin
    ${add('sqlite', 'old', -1)} ${add('sqlite', 'new', 1)} end`.execute(db);
  await sql`create trigger order_counts_delete after delete on orders begin ${add('sqlite', 'old', -1)} end`.execute(db);
}

async function postgresTriggers(db: Kysely<any>): Promise<void> {
  // A status change takes the old status's row before the new one's; the statuses only ever move
  // forward (pending, then paid or canceled, then partially refunded, then refunded), so two
  // transactions never take two count rows in opposite orders.
  await sql`create function order_counts_change() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        ${add('postgres', 'new', 1)}
      elsif tg_op = 'UPDATE' then
        ${add('postgres', 'old', -1)}
        ${add('postgres', 'new', 1)}
      else
        ${add('postgres', 'old', -1)}
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger order_counts_insert after insert on orders for each row execute function order_counts_change()`.execute(db);
  await sql`create trigger order_counts_update after update of status on orders for each row
    when (old.status is distinct from new.status) execute function order_counts_change()`.execute(db);
  await sql`create trigger order_counts_delete after delete on orders for each row execute function order_counts_change()`.execute(db);
}

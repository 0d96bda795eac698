import { LABEL_PAID_STATUSES } from '@parcelport/shared';
import { type Kysely, sql } from 'kysely';
import { isSqlite } from '../columns.ts';

const DAY_MS = 86_400_000;

/**
 * Which orders count as paid labels and which of their columns the triggers follow: 0043's, and 0082's
 * (test labels left out). `paid` names each column it reads as `{column}`, prefixed per row by the triggers.
 */
export interface LabelDayRule {
  paid: string;
  followed: string;
}

/** What a paid label adds to its day and currency: one label, its price and insurance (modules/reports/repo.ts). */
const PAID_0043: LabelDayRule = {
  paid: `{status} IN (${LABEL_PAID_STATUSES.join(', ')}) AND {label_created_at} IS NOT NULL`,
  /** The columns of an order whose change can move a label into, out of or between days, customers, currencies. */
  followed: 'status, rate, insurance_fee, label_created_at, user_id, currency',
};
const day = (row: string) => `${row}.label_created_at / ${DAY_MS}`;
const sales = (row: string) => `coalesce(${row}.rate, 0) + ${row}.insurance_fee`;

const add = `INSERT INTO label_day_totals (day, currency, user_id, owner_id, labels, sales)
  VALUES (${day('NEW')}, NEW.currency, NEW.user_id, (SELECT owner_id FROM users WHERE id = NEW.user_id), 1, ${sales('NEW')})
  ON CONFLICT (currency, day, user_id) DO UPDATE SET labels = label_day_totals.labels + 1,
    sales = label_day_totals.sales + excluded.sales`;
const remove = `UPDATE label_day_totals SET labels = labels - 1, sales = sales - (${sales('OLD')})
    WHERE day = ${day('OLD')} AND currency = OLD.currency AND user_id = OLD.user_id;
  DELETE FROM label_day_totals
    WHERE day = ${day('OLD')} AND currency = OLD.currency AND user_id = OLD.user_id AND labels = 0`;
/** A customer given to another seller takes its history along, as the statistics always read it. */
const follow = 'UPDATE label_day_totals SET owner_id = NEW.owner_id WHERE user_id = NEW.id';

/**
 * The statistics per wallet currency (issue 13): an order records the wallet that paid its label
 * (`orders.currency`, USD for every order so far: a purchase charges the USD wallet), and the day totals of
 * 0036 are kept per day, currency and customer, so that a CNY label is never added to USD sales. The table is
 * rebuilt from the orders with its triggers (0036's, with the currency), in the migration's transaction.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('USD'))
    .execute();
  await rebuildLabelDayTotals(db, PAID_0043);
}

/** Drops the day totals and their triggers, and makes them again from the orders under `rule`. */
export async function rebuildLabelDayTotals(db: Kysely<unknown>, rule: LabelDayRule): Promise<void> {
  const sqlite = isSqlite(db);
  const paid = (row: string) => rule.paid.replace(/\{(\w+)\}/g, (_match, column) => `${row}.${column}`);
  if (sqlite) {
    for (const name of ['insert', 'update_old', 'update_new', 'delete', 'owner'])
      await sql.raw(`DROP TRIGGER IF EXISTS label_day_totals_${name}`).execute(db);
  } else {
    await sql.raw('DROP TRIGGER IF EXISTS label_day_totals ON orders').execute(db);
    await sql.raw('DROP TRIGGER IF EXISTS label_day_totals_owner ON users').execute(db);
    await sql.raw('DROP FUNCTION IF EXISTS follow_label_day_totals()').execute(db);
    await sql.raw('DROP FUNCTION IF EXISTS follow_label_day_owner()').execute(db);
  }
  await db.schema.dropTable('label_day_totals').execute();
  await db.schema
    .createTable('label_day_totals')
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('owner_id', 'bigint')
    .addColumn('labels', 'integer', (c) => c.notNull())
    .addColumn('sales', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('label_day_totals_pk', ['currency', 'day', 'user_id'])
    // SQLite: the rows themselves in currency and day order, so a currency's period is one sequential read.
    .$call((table) => (sqlite ? table.modifyEnd(sql`without rowid`) : table))
    .execute();
  // Each read answered from an index alone: a customer's days, a day's sellers, a seller's days (per currency).
  const indexes: [string, string[]][] = [
    ['label_day_totals_user_idx', ['user_id', 'currency', 'day', 'labels', 'sales']],
    ['label_day_totals_day_owner_idx', ['currency', 'day', 'owner_id', 'labels', 'sales']],
    ['label_day_totals_owner_idx', ['owner_id', 'currency', 'day', 'user_id', 'labels', 'sales']],
  ];
  for (const [name, columns] of indexes)
    await db.schema.createIndex(name).on('label_day_totals').columns(columns).execute();
  await sql
    .raw(
      `INSERT INTO label_day_totals (day, currency, user_id, owner_id, labels, sales)
       SELECT o.label_created_at / ${DAY_MS}, o.currency, o.user_id, u.owner_id, count(*),
         sum(coalesce(o.rate, 0) + o.insurance_fee)
       FROM orders o JOIN users u ON u.id = o.user_id
       WHERE ${paid('o')}
       GROUP BY o.label_created_at / ${DAY_MS}, o.currency, o.user_id, u.owner_id`,
    )
    .execute(db);
  if (sqlite) await sqliteTriggers(db, paid, rule.followed);
  else await postgresTriggers(db, paid, rule.followed);
}

/** SQLite has one writer at a time: plain row triggers inside the writing transaction. */
async function sqliteTriggers(db: Kysely<unknown>, paid: (row: string) => string, followed: string) {
  const triggers = [
    `CREATE TRIGGER label_day_totals_insert AFTER INSERT ON orders WHEN ${paid('NEW')} BEGIN ${add}; END`,
    `CREATE TRIGGER label_day_totals_update_old AFTER UPDATE OF ${followed} ON orders WHEN ${paid('OLD')}
     BEGIN ${remove}; END`,
    `CREATE TRIGGER label_day_totals_update_new AFTER UPDATE OF ${followed} ON orders WHEN ${paid('NEW')}
     BEGIN ${add}; END`,
    `CREATE TRIGGER label_day_totals_delete AFTER DELETE ON orders WHEN ${paid('OLD')} BEGIN ${remove}; END`,
    `CREATE TRIGGER label_day_totals_owner AFTER UPDATE OF owner_id ON users BEGIN ${follow}; END`,
  ];
  for (const trigger of triggers) await sql.raw(trigger).execute(db);
}

/** PostgreSQL: deferred constraint triggers, as 0036 explains (a day's row locked only at commit). */
async function postgresTriggers(db: Kysely<unknown>, paid: (row: string) => string, followed: string) {
  await sql
    .raw(
      `CREATE FUNCTION follow_label_day_totals() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         -- OLD and NEW are read only on the branch where they exist.
         IF TG_OP <> 'INSERT' THEN
           IF ${paid('OLD')} THEN
             ${remove};
           END IF;
         END IF;
         IF TG_OP <> 'DELETE' THEN
           IF ${paid('NEW')} THEN
             ${add};
           END IF;
         END IF;
         RETURN NULL;
       END $$`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE CONSTRAINT TRIGGER label_day_totals AFTER INSERT OR DELETE OR UPDATE OF ${followed} ON orders
       DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION follow_label_day_totals()`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE FUNCTION follow_label_day_owner() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         ${follow};
         RETURN NULL;
       END $$`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER label_day_totals_owner AFTER UPDATE OF owner_id ON users
       FOR EACH ROW WHEN (OLD.owner_id IS DISTINCT FROM NEW.owner_id) EXECUTE FUNCTION follow_label_day_owner()`,
    )
    .execute(db);
}

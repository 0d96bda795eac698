/**
 * A million orders in the shape of a real platform's history, written by the database itself
 * (INSERT … SELECT over a generated series) so that it takes seconds, not hours:
 *
 * - ~2,000 merchants: the bench's own merchant ships 6% of all orders (the biggest), the others follow a
 *   steep power law (a few large shippers, a long tail of small ones);
 * - statuses as they pile up over two years: 70% delivered, 8% in transit, 5% waiting for pickup, 8% drafts,
 *   the rest cancelled, failed, voided, being cancelled, rejected or preparing; a label waits for pickup only if
 *   made within the last PICKUP_WAIT_DAYS (an older one has been scanned, or voided as unused: the older
 *   labels of that 5% are delivered);
 * - bought orders with their service, price, zone, tracking number and quote; 1-3 parcels per order;
 * - ids and creation times rising together, as orders arrive; order and tracking numbers follow the ids, so a
 *   second generation in the same database (another `prefix`) does not repeat them.
 */
import { DESTINATIONS } from './sheet.ts';
import type { Raw } from './target.ts';

export interface BulkPlan {
  orders: number;
  merchants: number;
  /** The merchant whose list is measured; gets 6% of the orders. */
  mainUserId: number;
  /** The generated merchants' names start with it (`bulk`): two generations in one database differ by it. */
  prefix?: string;
}

const DAY = 86_400_000;

/**
 * Recipients' names as real ones are spread: a first name and a surname, each drawn from the most common
 * ones of the United States (the Census Bureau's 1990 name frequencies and the 2010 census surnames), the
 * commoner ones more often (a squared uniform draw, so the first tenth of each list takes about a third of
 * the draws). Every "First Last" pair recurs: the commonest ("James Smith", 0.65 % of the orders) some 65,000
 * times in ten million orders, a typical one a few hundred times, so a search by a recipient's name meets rare
 * and common trigrams alike, as it does in a platform's history.
 */
const FIRST_NAMES =
  `James Mary John Patricia Robert Linda Michael Barbara William Elizabeth David Jennifer Richard Maria
  Charles Susan Joseph Margaret Thomas Dorothy Christopher Lisa Daniel Nancy Paul Karen Mark Betty Donald Helen George
  Sandra Kenneth Donna Steven Carol Edward Ruth Brian Sharon Ronald Michelle Anthony Laura Kevin Sarah Jason Kimberly
  Matthew Deborah Gary Jessica Timothy Shirley Jose Cynthia Larry Angela Jeffrey Melissa Frank Brenda Scott Amy Eric
  Anna Stephen Rebecca Andrew Virginia Raymond Kathleen Gregory Pamela Joshua Martha Jerry Debra Dennis Amanda Walter
  Stephanie Patrick Carolyn Peter Christine Harold Marie Douglas Janet Henry Catherine Carl Frances Arthur Ann Ryan
  Joyce Roger Diane`.split(/\s+/);
const SURNAMES =
  `Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez Gonzalez Wilson
  Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson White Harris Sanchez Clark Ramirez Lewis Robinson Walker
  Young Allen King Wright Scott Torres Nguyen Hill Flores Green Adams Nelson Baker Hall Rivera Campbell Mitchell Carter
  Roberts Gomez Phillips Evans Turner Diaz Parker Cruz Edwards Collins Reyes Stewart Morris Morales Murphy Cook Rogers
  Gutierrez Ortiz Morgan Cooper Peterson Bailey Reed Kelly Howard Ramos Kim Cox Ward Richardson Watson Brooks Chavez
  Wood James Bennett Gray Mendoza Ruiz Hughes Price Alvarez Castillo Sanders Patel Myers Long Ross Foster Jimenez
  Powell Jenkins Perry Russell Sullivan Bell Coleman Butler Henderson Barnes Gonzales Fisher Vasquez Simmons Romero
  Jordan Patterson Alexander Hamilton Graham Reynolds Griffin Wallace Moreno West Cole Hayes Bryant Herrera Gibson Ellis
  Tran Medina Aguilar Stevens Murray Ford Castro Marshall Owens Harrison Fernandez McDonald Woods Washington Kennedy
  Wells Vargas Henry Chen Freeman Webb Tucker Guzman Burns Crawford Olson Simpson Porter Hunter Gordon Mendez Silva
  Shaw Snyder Mason Dixon Munoz Hunt Hicks Holmes Palmer Wagner Black Robertson Boyd Rose Stone Salazar Fox Warren
  Mills Meyer Rice Schmidt Garza Daniels Ferguson Nichols Stephens Soto Weaver Ryan Gardner Payne Grant Dunn Kelley
  Spencer Hawkins Arnold Pierce Vazquez Hansen Peters Santos Hart Bradley Knight Elliott Cunningham Duncan Armstrong
  Hudson Carroll Lane Riley Andrews Alvarado Ray Delgado Berry Perkins Hoffman Johnston Matthews Pena Richards Willis
  Carpenter Lawrence Sandoval`.split(/\s+/);

/** Status by per-mille bucket; bought statuses carry a label. */
const STATUS_BUCKETS: [number, number][] = [
  [700, 3],
  [780, 2],
  [830, 1],
  [910, 0],
  [930, 4],
  [950, 5],
  [975, 15],
  [980, 6],
  [985, 16],
  [1000, 7],
];
const BOUGHT = [1, 2, 3, 6, 15, 16];
/**
 * The most days a generated label waits for pickup: a label never scanned is voided as unused within a month
 * (modules/unused-labels), and labels waiting from two years back would keep every bench server's unused-labels
 * sweep warning their merchants while it measures.
 */
const PICKUP_WAIT_DAYS = 20;
/** The status of a label waiting for pickup (`ORDER_STATUS.pendingTransport`), and of one delivered. */
const WAITING = 1;
const DELIVERED = 3;

export async function bulkOrders(raw: Raw, dialect: 'sqlite' | 'postgres', plan: BulkPlan): Promise<void> {
  const pg = dialect === 'postgres';
  const int = (expr: string) => (pg ? `cast(floor(${expr}) as bigint)` : `cast(${expr} as integer)`);
  const pad = (expr: string, width: number) =>
    pg ? `lpad(cast(${expr} as text), ${width}, '0')` : `printf('%0${width}d', ${expr})`;
  const series = (n: number) =>
    pg
      ? `generate_series(cast(1 as bigint), ${n}) as s(i)`
      : `(with recursive g(i) as (select 1 union all select i + 1 from g where i < ${n}) select i from g) as s`;
  const now = Date.now();

  // The other merchants, in one statement so that their ids follow each other.
  const others = plan.merchants - 1;
  const prefix = plan.prefix ?? 'bulk';
  await raw.exec(
    `insert into users (username, email, name, kind, password_hash, status, created_at, updated_at)
     select '${prefix}' || i || '@shop.bench', '${prefix}' || i || '@shop.bench', 'Bulk Merchant ' || i, 'customer', 'x', 1,
       ${now - 800 * DAY}, ${now - 800 * DAY}
     from ${series(others)}`,
  );
  const [range] = await raw.query(
    `select min(id) as lo, max(id) as hi, count(*) as n from users where username like '${prefix}%@shop.bench'`,
  );
  const lo = Number(range?.lo);
  if (Number(range?.hi) - lo !== others - 1 || Number(range?.n) !== others)
    throw new Error('merchant ids not contiguous');

  const [service] = await raw.query(
    `select s.id, s.channel_id, s.code, s.name, s.carrier_code from carrier_services s
     join channels c on c.id = s.channel_id where c.platform_code = 'ratecard' order by s.id limit 1`,
  );
  if (!service) throw new Error('no ratecard service');
  const [before] = await raw.query('select coalesce(max(id), 0) as id from orders');
  const firstNewId = Number(before?.id) + 1;

  const h = (k: number) => `((i * 2654435761 + ${k * 40503}) % 1000003)`;
  const user = `case when ${h(1)} % 100 < 6 then ${plan.mainUserId}
    else ${lo} + ${int(`${others - 1} * ((${h(2)} % 10000) / 10000.0) * ((${h(2)} % 10000) / 10000.0)`)} end`;
  const span = 730 * DAY;
  const createdAt = `${now - span} + ${int(`i * ${span / plan.orders}`)}`;
  const waiting = `case when ${createdAt} >= ${now - PICKUP_WAIT_DAYS * DAY} then ${WAITING} else ${DELIVERED} end`;
  const drawn = (value: number) => (value === WAITING ? waiting : value);
  const status = `case ${STATUS_BUCKETS.map(([limit, value]) => `when ${h(3)} % 1000 < ${limit} then ${drawn(value)}`).join(' ')} end`;
  const pick = (field: 0 | 1 | 2) =>
    `case i % ${DESTINATIONS.length} ${DESTINATIONS.map((d, k) => `when ${k} then '${d[field]}'`).join(' ')} end`;
  const d = { zip: pick(0), city: pick(1), state: pick(2) };
  // A name of `names`, the commoner (earlier) ones more often: one fixed-width slot of a string, by `hash`.
  const nameOf = (names: string[], hash: string) => {
    const width = Math.max(...names.map((name) => name.length));
    const slots = names.map((name) => name.padEnd(width)).join('');
    const index = int(`${names.length} * ((${hash} % 10000) / 10000.0) * ((${hash} % 10000) / 10000.0)`);
    return `rtrim(substr('${slots}', cast(1 + ${width} * ${index} as integer), ${width}))`;
  };
  // The surname by a hash of its own multiplier and modulus: h(k) for two k differ by a constant, so a first
  // name and a surname drawn from two of them would come in a few fixed pairs.
  const toName = `${nameOf(FIRST_NAMES, h(5))} || ' ' || ${nameOf(SURNAMES, '((i * 3266489917 + 374761393) % 999983)')}`;
  const toAddress = `'{"personName":"' || ${toName} || '","company":"","phone":"212-555-0199","email":"","countryCode":"US","stateCode":"' || ${d.state} || '","city":"' || ${d.city} || '","addressLine1":"' || (100 + i % 900) || ' Main St","addressLine2":"","zipCode":"' || ${d.zip} || '","isResidential":' || case when i % 2 = 0 then 'true' else 'false' end || '}'`;
  const fromAddress = `'{"personName":"Shipper","company":"Shop Co","phone":"310-555-0100","email":"","countryCode":"US","stateCode":"CA","city":"Beverly Hills","addressLine1":"9450 Wilshire Blvd","addressLine2":"","zipCode":"90210","isResidential":false}'`;
  const bought = `o.status in (${BOUGHT.join(', ')})`;
  const rate = `(650 + ${h(4)} % 2500)`;

  await raw.exec(
    `insert into orders (order_no, user_id, batch_no, status, channel_id, service_id, carrier_code, service_code,
       service_name, from_address, to_address, from_name, from_zip, to_name, to_zip, reference1, reference2, remark,
       battery_type, insurance_cents, insurance_fee, residential, label_size, extra, is_test, rate, cost, earnest,
       zone, billable_oz, tracking_no, estimate, created_at, label_created_at, updated_at)
     select o.order_no, o.user_id, o.batch_no, o.status,
       case when ${bought} then ${service.channel_id} end,
       case when ${bought} then ${service.id} end,
       case when ${bought} then '${service.carrier_code}' end,
       case when ${bought} then '${service.code}' end,
       case when ${bought} then '${service.name}' end,
       o.from_address, o.to_address, 'Shipper', '90210', o.to_name, o.to_zip, o.reference1, '', '',
       'none', 0, 0, o.residential, '4x6', '{"signatureOption":"none"}', 0,
       case when ${bought} then o.rate end,
       case when ${bought} then o.rate - 150 end,
       0,
       case when ${bought} then 1 + o.i % 8 end,
       case when ${bought} then 16 + o.i % 64 end,
       case when ${bought} then 'BENCH' || o.padded end,
       case when ${bought} then '{"serviceName":"${service.name}","zone":' || (1 + o.i % 8) || ',"zoneSource":"distance","priceCents":' || o.rate || ',"costCents":' || (o.rate - 150) || ',"insuranceCents":0,"totalCents":' || o.rate || ',"deliveryDays":' || (2 + o.i % 5) || ',"charges":{"base":' || o.rate || ',"fuel":0,"residential":0,"oversize":0,"remote":0}}' end,
       o.created_at,
       case when ${bought} then o.created_at + 3600000 end,
       o.created_at + 86400000
     from (
       select i, ${pad(`i + ${firstNewId - 1}`, 10)} as padded, 'BK' || ${pad(`i + ${firstNewId - 1}`, 10)} as order_no, ${user} as user_id,
         case when i % 7 = 0 then 'B' || (i / 500) end as batch_no, ${status} as status,
         ${fromAddress} as from_address, ${toAddress} as to_address, ${toName} as to_name, ${d.zip} as to_zip,
         'PO-' || i as reference1, i % 2 as residential, ${rate} as rate, ${createdAt} as created_at
       from ${series(plan.orders)}
     ) as o`,
  );

  // 1 parcel for most orders, 2 for every 5th, 3 for every 20th.
  await raw.exec(
    `insert into parcels (order_id, seq, length, width, height, weight, mass_unit, distance_unit, package_code,
       package_num, package_amount, insured_cents, reference, reference2, tracking_no, barcode, tracking_status)
     select o.id, k.seq, 6 + o.id % 10, 6 + o.id % 5, 4 + o.id % 3, 1 + o.id % 7, 'lb', 'in', 'package', 1, 1, 0, '', '',
       case when o.tracking_no is not null then o.tracking_no || '-' || k.seq end,
       case when o.tracking_no is not null then '{"symbology":"code128","data":"' || o.tracking_no || '"}' end,
       case when o.status = 3 then 6 when o.status = 2 then 2 else 0 end
     from orders o
     join (select 1 as seq union all select 2 union all select 3) as k
       on k.seq <= case when o.id % 20 = 0 then 3 when o.id % 5 = 0 then 2 else 1 end
     where o.id >= ${firstNewId}`,
  );
  // As autovacuum (PostgreSQL) would after such a load: planner statistics and the visibility map. Then a
  // checkpoint, so that writing out the load does not fall into the measurement.
  if (pg) {
    for (const table of ['orders', 'parcels', 'users', 'label_day_totals']) await raw.exec(`vacuum analyze ${table}`);
    await raw.exec('checkpoint');
  } else {
    await raw.exec('pragma wal_checkpoint(truncate)');
  }
}

-- The SQL of modules/bills/repo.ts, made from test/sql/modules/bills.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- billOfFile: by hash
select
  "id"
from
  "carrier_bills"
where
  "channel_id" = $1
  and "file_sha256" = $2;

-- insertBill: a bill of one line, with row errors and a revised line (1 of 6)
begin;

-- insertBill: a bill of one line, with row errors and a revised line (2 of 6)
insert into
  "carrier_bills" (
    "channel_id",
    "file_name",
    "file_sha256",
    "preset",
    "amount_kind",
    "mapping",
    "errors",
    "status",
    "created_by",
    "created_at"
  )
values
  ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
returning
  "id";

-- insertBill: a bill of one line, with row errors and a revised line (3 of 6)
insert into
  "carrier_bill_lines" (
    "bill_id",
    "row_no",
    "tracking_no",
    "kind",
    "cause",
    "reason",
    "reference",
    "order_id",
    "user_id",
    "amount",
    "cost_change",
    "cost_before",
    "billed_oz",
    "billed_size",
    "billed_zone",
    "service",
    "line_key",
    "adjusts",
    "duplicate_of",
    "follows"
  )
values
  (
    $1,
    $2,
    $3,
    $4,
    $5,
    $6,
    $7,
    $8,
    $9,
    $10,
    $11,
    $12,
    $13,
    $14,
    $15,
    $16,
    $17,
    $18,
    $19,
    $20
  );

-- insertBill: a bill of one line, with row errors and a revised line (4 of 6)
update "carrier_bills"
set
  "errors" = $1
where
  "id" = $2;

-- insertBill: a bill of one line, with row errors and a revised line (5 of 6)
update "carrier_bill_lines"
set
  "kind" = $1,
  "cost_change" = $2
where
  "bill_id" = $3
  and "kind" in ($4, $5, $6, $7)
  and "row_no" = $8;

-- insertBill: a bill of one line, with row errors and a revised line (6 of 6)
commit;

-- saveMapping: a channel
insert into
  "carrier_bill_mappings" (
    "channel_id",
    "preset",
    "amount_kind",
    "mapping",
    "updated_at"
  )
values
  ($1, $2, $3, $4, $5)
on conflict ("channel_id") do update
set
  "preset" = $6,
  "amount_kind" = $7,
  "mapping" = $8,
  "updated_at" = $9;

-- mappingOf: a channel
select
  *
from
  "carrier_bill_mappings"
where
  "channel_id" = $1;

-- requireBill: by id
select
  "id"
from
  "carrier_bills"
where
  "id" = $1;

-- owedBy: a merchant
select
  sum("owed") as "owed"
from
  "carrier_bill_lines"
where
  "user_id" = $1
  and "owed" > $2;

-- channelRow: by id
select
  "id",
  "platform_code"
from
  "channels"
where
  "id" = $1;

-- analyzeBillLines: after a large bill
analyze carrier_bill_lines;

-- billRow: by id
select
  *
from
  "carrier_bills"
where
  "id" = $1;

-- lineIdSpan: a bill
select
  min("id") as "first",
  max("id") as "last"
from
  "carrier_bill_lines"
where
  "bill_id" = $1;

-- linesToPost: a chunk
select
  "line"."id",
  "line"."order_id",
  "line"."cost_change",
  "line"."cost_before",
  "line"."billed_oz",
  "line"."cause",
  "line"."line_key",
  "line"."adjusts",
  "orders"."order_no"
from
  "carrier_bill_lines" as "line"
  inner join "orders" on "orders"."id" = "line"."order_id"
where
  "line"."id" >= $1
  and "line"."id" < $2
  and "line"."bill_id" = $3
  and "line"."kind" in ($4, $5, $6, $7)
  and "line"."posted_at" is null
order by
  "line"."id";

-- markBillPosted: a bill
update "carrier_bills"
set
  "status" = $1,
  "posted_by" = $2,
  "posted_at" = $3
where
  "id" = $4
  and "status" = $5;

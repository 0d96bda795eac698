-- The SQL of modules/bills/reports-repo.ts, made from test/sql/modules/bills.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- insertReport: a request
insert into
  "carrier_bill_reports" (
    "channel_id",
    "upstream_id",
    "date_from",
    "date_to",
    "status",
    "bill_id",
    "requested_by",
    "requested_at",
    "updated_at"
  )
values
  ($1, $2, $3, $4, $5, $6, $7, $8, $9)
returning
  "id";

-- unfoundAsk: a span
select
  "id",
  "requested_at"
from
  "carrier_bill_reports"
where
  "channel_id" = $1
  and "date_from" = $2
  and "date_to" = $3
  and "status" = $4
  and "upstream_id" = $5;

-- reportFoundAs: a report
update "carrier_bill_reports"
set
  "upstream_id" = $1,
  "updated_at" = $2
where
  "id" = $3
  and "upstream_id" = $4;

-- reportById: by id
select
  "report".*,
  "channels"."name" as "channel_name",
  "users"."username" as "requester"
from
  "carrier_bill_reports" as "report"
  inner join "channels" on "channels"."id" = "report"."channel_id"
  inner join "users" on "users"."id" = "report"."requested_by"
where
  "report"."id" = $1;

-- reportPage: every channel (1 of 2)
select
  "report".*,
  "channels"."name" as "channel_name",
  "users"."username" as "requester"
from
  "carrier_bill_reports" as "report"
  inner join "channels" on "channels"."id" = "report"."channel_id"
  inner join "users" on "users"."id" = "report"."requested_by"
order by
  "report"."id" desc
limit
  $1
offset
  $2;

-- reportPage: every channel (2 of 2)
select
  count(*) as "n"
from
  "carrier_bill_reports";

-- reportPage: one channel (1 of 2)
select
  "report".*,
  "channels"."name" as "channel_name",
  "users"."username" as "requester"
from
  "carrier_bill_reports" as "report"
  inner join "channels" on "channels"."id" = "report"."channel_id"
  inner join "users" on "users"."id" = "report"."requested_by"
where
  "report"."channel_id" = $1
order by
  "report"."id" desc
limit
  $2
offset
  $3;

-- reportPage: one channel (2 of 2)
select
  count(*) as "n"
from
  "carrier_bill_reports"
where
  "channel_id" = $1;

-- reportRow: by id
select
  *
from
  "carrier_bill_reports"
where
  "id" = $1;

-- settleReport: previewed
update "carrier_bill_reports"
set
  "status" = $1,
  "bill_id" = $2,
  "message" = $3,
  "updated_at" = $4
where
  "id" = $5
  and "status" = $6;

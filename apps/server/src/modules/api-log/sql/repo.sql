-- The SQL of modules/api-log/repo.ts, made from test/sql/modules/api-log.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- insertApiLog: a carrier call
insert into
  "api_logs" (
    "channel_id",
    "store_id",
    "is_test",
    "operation",
    "order_no",
    "method",
    "url",
    "http_status",
    "duration_ms",
    "outcome",
    "error_message",
    "request_headers",
    "request_body",
    "response_body",
    "created_at"
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
    $15
  );

-- listApiLogs: first page (1 of 2)
select
  "api_logs"."id",
  "api_logs"."channel_id",
  "channels"."name" as "channel_name",
  "api_logs"."store_id",
  "stores"."name" as "store_name",
  "api_logs"."operation",
  "api_logs"."order_no",
  "api_logs"."method",
  "api_logs"."url",
  "api_logs"."http_status",
  "api_logs"."duration_ms",
  "api_logs"."outcome",
  "api_logs"."error_message",
  "api_logs"."is_test",
  "api_logs"."created_at"
from
  "api_logs"
  left join "channels" on "channels"."id" = "api_logs"."channel_id"
  left join "stores" on "stores"."id" = "api_logs"."store_id"
order by
  "api_logs"."id" desc
limit
  $1
offset
  $2;

-- listApiLogs: first page (2 of 2)
select
  count(*) as "total"
from
  "api_logs";

-- listApiLogs: every filter (1 of 2)
select
  "api_logs"."id",
  "api_logs"."channel_id",
  "channels"."name" as "channel_name",
  "api_logs"."store_id",
  "stores"."name" as "store_name",
  "api_logs"."operation",
  "api_logs"."order_no",
  "api_logs"."method",
  "api_logs"."url",
  "api_logs"."http_status",
  "api_logs"."duration_ms",
  "api_logs"."outcome",
  "api_logs"."error_message",
  "api_logs"."is_test",
  "api_logs"."created_at"
from
  "api_logs"
  left join "channels" on "channels"."id" = "api_logs"."channel_id"
  left join "stores" on "stores"."id" = "api_logs"."store_id"
where
  "api_logs"."created_at" >= $1
  and "api_logs"."created_at" < $2
  and "api_logs"."channel_id" = $3
  and "api_logs"."operation" = $4
  and "api_logs"."outcome" = $5
  and "api_logs"."order_no" = $6
  and "api_logs"."is_test" = $7
order by
  "api_logs"."id" desc
limit
  $8
offset
  $9;

-- listApiLogs: every filter (2 of 2)
select
  count(*) as "total"
from
  "api_logs"
where
  "api_logs"."created_at" >= $1
  and "api_logs"."created_at" < $2
  and "api_logs"."channel_id" = $3
  and "api_logs"."operation" = $4
  and "api_logs"."outcome" = $5
  and "api_logs"."order_no" = $6
  and "api_logs"."is_test" = $7;

-- apiLogEntry: by id
select
  "api_logs"."id",
  "api_logs"."channel_id",
  "channels"."name" as "channel_name",
  "api_logs"."store_id",
  "stores"."name" as "store_name",
  "api_logs"."operation",
  "api_logs"."order_no",
  "api_logs"."method",
  "api_logs"."url",
  "api_logs"."http_status",
  "api_logs"."duration_ms",
  "api_logs"."outcome",
  "api_logs"."error_message",
  "api_logs"."is_test",
  "api_logs"."created_at",
  "api_logs"."request_headers",
  "api_logs"."request_body",
  "api_logs"."response_body"
from
  "api_logs"
  left join "channels" on "channels"."id" = "api_logs"."channel_id"
  left join "stores" on "stores"."id" = "api_logs"."store_id"
where
  "api_logs"."id" = $1;

-- pruneApiLogs: by age and count (1 of 3)
delete from "api_logs"
where
  "created_at" < $1;

-- pruneApiLogs: by age and count (2 of 3)
select
  "id"
from
  "api_logs"
order by
  "id" desc
limit
  $1
offset
  $2;

-- pruneApiLogs: by age and count (3 of 3)
delete from "api_logs"
where
  "id" <= $1;

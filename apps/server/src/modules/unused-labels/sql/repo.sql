-- The SQL of modules/unused-labels/repo.ts, made from test/sql/modules/unused-labels.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- autoVoidOf: a merchant
select
  "enabled"
from
  "unused_label_settings"
where
  "user_id" = $1;

-- setAutoVoid: off
insert into
  "unused_label_settings" ("user_id", "enabled", "updated_at")
values
  ($1, $2, $3)
on conflict ("user_id") do update
set
  "enabled" = $4,
  "updated_at" = $5;

-- channelSettings: every channel
select
  "id",
  "settings"
from
  "channels";

-- dueWarning: a sweep
select
  "orders"."id",
  "orders"."user_id",
  "orders"."order_no",
  "orders"."label_created_at"
from
  "orders"
  left join "unused_label_settings" on "unused_label_settings"."user_id" = "orders"."user_id"
  left join "unused_label_notices" on "unused_label_notices"."order_id" = "orders"."id"
where
  "orders"."status" = $1
  and "orders"."is_test" = $2
  and "orders"."label_created_at" <= $3
  and "orders"."label_created_at" <= case
    when "orders"."channel_id" = $4 then cast($5 as bigint)
    when "orders"."carrier_code" = $6 then cast($7 as bigint)
    else cast($8 as bigint)
  end
  and (
    "unused_label_settings"."enabled" is null
    or "unused_label_settings"."enabled" = $9
  )
  and "unused_label_notices"."order_id" is null
order by
  "orders"."label_created_at"
limit
  $10;

-- dueVoid: a sweep
select
  "orders"."id"
from
  "orders"
  left join "unused_label_settings" on "unused_label_settings"."user_id" = "orders"."user_id"
  left join "unused_label_notices" on "unused_label_notices"."order_id" = "orders"."id"
where
  "orders"."status" = $1
  and "orders"."is_test" = $2
  and "orders"."label_created_at" <= $3
  and "orders"."label_created_at" <= case
    when "orders"."channel_id" = $4 then cast($5 as bigint)
    when "orders"."carrier_code" = $6 then cast($7 as bigint)
    else cast($8 as bigint)
  end
  and (
    "unused_label_settings"."enabled" is null
    or "unused_label_settings"."enabled" = $9
  )
  and "unused_label_notices"."warned_at" <= $10
  and "unused_label_notices"."voided_at" is null
order by
  "orders"."label_created_at"
limit
  $11;

-- noteWarning: an order
insert into
  "unused_label_notices" ("order_id", "user_id", "warned_at", "voided_at")
values
  ($1, $2, $3, $4)
on conflict ("order_id") do nothing
returning
  "order_id";

-- noteVoid: an order
update "unused_label_notices"
set
  "voided_at" = $1
where
  "order_id" = $2
  and "voided_at" is null;

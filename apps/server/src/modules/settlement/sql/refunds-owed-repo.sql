-- The SQL of modules/settlement/refunds-owed-repo.ts, made from test/sql/modules/settlement.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- listRefundsOwed: every state and channel, channels of the default window (1 of 4)
select
  "id",
  "settings"
from
  "channels";

-- listRefundsOwed: every state and channel, channels of the default window (2 of 4)
select
  "orders"."id",
  "orders"."order_no",
  "orders"."user_id",
  "orders"."channel_id",
  "channels"."name" as "channel_name",
  "orders"."carrier_code",
  "orders"."service_name",
  "orders"."tracking_no",
  "orders"."carrier_refund",
  "orders"."carrier_refund_note",
  "orders"."cost",
  "orders"."refunded_at",
  "voids"."voided_at"
from
  "orders"
  left join (
    select
      "order_id",
      max("created_at") as "voided_at"
    from
      "order_events"
    where
      "status" = $1
    group by
      "order_id"
  ) as "voids" on "voids"."order_id" = "orders"."id"
  left join "channels" on "channels"."id" = "orders"."channel_id"
where
  "orders"."carrier_refund" in ($2, $3, $4)
  and "orders"."is_test" = $5
order by
  "voids"."voided_at",
  "orders"."id"
limit
  $6
offset
  $7;

-- listRefundsOwed: every state and channel, channels of the default window (3 of 4)
select
  count(*) as "total"
from
  "orders"
  left join (
    select
      "order_id",
      max("created_at") as "voided_at"
    from
      "order_events"
    where
      "status" = $1
    group by
      "order_id"
  ) as "voids" on "voids"."order_id" = "orders"."id"
  left join "channels" on "channels"."id" = "orders"."channel_id"
where
  "orders"."carrier_refund" in ($2, $3, $4)
  and "orders"."is_test" = $5;

-- listRefundsOwed: every state and channel, channels of the default window (4 of 4)
select
  "orders"."channel_id",
  max("channels"."name") as "channel_name",
  count(*) as "count",
  sum("orders"."cost") as "cost",
  min("voids"."voided_at") as "oldest_at",
  sum(
    case
      when "voids"."voided_at" < cast($1 as bigint) then 1
      else 0
    end
  ) as "overdue"
from
  "orders"
  left join (
    select
      "order_id",
      max("created_at") as "voided_at"
    from
      "order_events"
    where
      "status" = $2
    group by
      "order_id"
  ) as "voids" on "voids"."order_id" = "orders"."id"
  left join "channels" on "channels"."id" = "orders"."channel_id"
where
  "orders"."carrier_refund" in ($3, $4, $5)
  and "orders"."is_test" = $6
group by
  "orders"."channel_id"
order by
  "orders"."channel_id";

-- listRefundsOwed: one state, one channel, owned accounts, channels of their own windows (1 of 4)
select
  "id",
  "settings"
from
  "channels";

-- listRefundsOwed: one state, one channel, owned accounts, channels of their own windows (2 of 4)
select
  "orders"."id",
  "orders"."order_no",
  "orders"."user_id",
  "orders"."channel_id",
  "channels"."name" as "channel_name",
  "orders"."carrier_code",
  "orders"."service_name",
  "orders"."tracking_no",
  "orders"."carrier_refund",
  "orders"."carrier_refund_note",
  "orders"."cost",
  "orders"."refunded_at",
  "voids"."voided_at"
from
  "orders"
  left join (
    select
      "order_id",
      max("created_at") as "voided_at"
    from
      "order_events"
    where
      "status" = $1
    group by
      "order_id"
  ) as "voids" on "voids"."order_id" = "orders"."id"
  left join "channels" on "channels"."id" = "orders"."channel_id"
where
  "orders"."carrier_refund" in ($2)
  and "orders"."is_test" = $3
  and "orders"."channel_id" = $4
  and "orders"."user_id" in (
    select
      "id"
    from
      "users"
    where
      "owner_id" = $5
  )
order by
  "voids"."voided_at",
  "orders"."id"
limit
  $6
offset
  $7;

-- listRefundsOwed: one state, one channel, owned accounts, channels of their own windows (3 of 4)
select
  count(*) as "total"
from
  "orders"
  left join (
    select
      "order_id",
      max("created_at") as "voided_at"
    from
      "order_events"
    where
      "status" = $1
    group by
      "order_id"
  ) as "voids" on "voids"."order_id" = "orders"."id"
  left join "channels" on "channels"."id" = "orders"."channel_id"
where
  "orders"."carrier_refund" in ($2)
  and "orders"."is_test" = $3
  and "orders"."channel_id" = $4
  and "orders"."user_id" in (
    select
      "id"
    from
      "users"
    where
      "owner_id" = $5
  );

-- listRefundsOwed: one state, one channel, owned accounts, channels of their own windows (4 of 4)
select
  "orders"."channel_id",
  max("channels"."name") as "channel_name",
  count(*) as "count",
  sum("orders"."cost") as "cost",
  min("voids"."voided_at") as "oldest_at",
  sum(
    case
      when "voids"."voided_at" < case
        when "orders"."channel_id" = $1 then cast($2 as bigint)
        when "orders"."channel_id" = $3 then cast($4 as bigint)
        else cast($5 as bigint)
      end then 1
      else 0
    end
  ) as "overdue"
from
  "orders"
  left join (
    select
      "order_id",
      max("created_at") as "voided_at"
    from
      "order_events"
    where
      "status" = $6
    group by
      "order_id"
  ) as "voids" on "voids"."order_id" = "orders"."id"
  left join "channels" on "channels"."id" = "orders"."channel_id"
where
  "orders"."carrier_refund" in ($7)
  and "orders"."is_test" = $8
  and "orders"."channel_id" = $9
  and "orders"."user_id" in (
    select
      "id"
    from
      "users"
    where
      "owner_id" = $10
  )
group by
  "orders"."channel_id"
order by
  "orders"."channel_id";

-- agedRefundsOwed: a channel (1 of 2)
select
  "id",
  "settings"
from
  "channels";

-- agedRefundsOwed: a channel (2 of 2)
select
  count(*) as "total_count",
  sum(coalesce("orders"."cost", 0)) as "total_amount",
  sum(
    case
      when "voids"."voided_at" < $1 then 1
      else 0
    end
  ) as "overdue_count",
  sum(
    case
      when "voids"."voided_at" < $2 then coalesce("orders"."cost", 0)
      else 0
    end
  ) as "overdue_amount",
  sum(
    case
      when (
        "voids"."voided_at" is null
        or "voids"."voided_at" > $3
      ) then 1
      else 0
    end
  ) as "days0to7_count",
  sum(
    case
      when (
        "voids"."voided_at" is null
        or "voids"."voided_at" > $4
      ) then coalesce("orders"."cost", 0)
      else 0
    end
  ) as "days0to7_amount",
  sum(
    case
      when (
        "voids"."voided_at" <= $5
        and (
          "voids"."voided_at" is null
          or "voids"."voided_at" > $6
        )
      ) then 1
      else 0
    end
  ) as "days8to14_count",
  sum(
    case
      when (
        "voids"."voided_at" <= $7
        and (
          "voids"."voided_at" is null
          or "voids"."voided_at" > $8
        )
      ) then coalesce("orders"."cost", 0)
      else 0
    end
  ) as "days8to14_amount",
  sum(
    case
      when (
        "voids"."voided_at" <= $9
        and (
          "voids"."voided_at" is null
          or "voids"."voided_at" > $10
        )
      ) then 1
      else 0
    end
  ) as "days15to30_count",
  sum(
    case
      when (
        "voids"."voided_at" <= $11
        and (
          "voids"."voided_at" is null
          or "voids"."voided_at" > $12
        )
      ) then coalesce("orders"."cost", 0)
      else 0
    end
  ) as "days15to30_amount",
  sum(
    case
      when "voids"."voided_at" <= $13 then 1
      else 0
    end
  ) as "over30_count",
  sum(
    case
      when "voids"."voided_at" <= $14 then coalesce("orders"."cost", 0)
      else 0
    end
  ) as "over30_amount"
from
  "orders"
  left join (
    select
      "order_id",
      max("created_at") as "voided_at"
    from
      "order_events"
    where
      "status" = $15
    group by
      "order_id"
  ) as "voids" on "voids"."order_id" = "orders"."id"
  left join "channels" on "channels"."id" = "orders"."channel_id"
where
  "orders"."carrier_refund" in ($16, $17, $18)
  and "orders"."is_test" = $19
  and "orders"."channel_id" = $20;

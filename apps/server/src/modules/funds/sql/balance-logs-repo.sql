-- The SQL of modules/funds/balance-logs-repo.ts, made from test/sql/modules/funds.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- fetchBalanceLogs: every row, first page
select
  "balance_logs"."id",
  "balance_logs"."user_id",
  "users"."username",
  "balance_logs"."currency",
  "balance_logs"."type",
  "balance_logs"."amount",
  "balance_logs"."earnest_amount",
  "balance_logs"."deposit_amount",
  "balance_logs"."balance_after",
  "balance_logs"."earnest_after",
  "balance_logs"."deposit_after",
  "balance_logs"."reference_type",
  "balance_logs"."reference_no",
  "balance_logs"."remark",
  "balance_logs"."created_at"
from
  "balance_logs"
  inner join "users" on "users"."id" = "balance_logs"."user_id"
order by
  "balance_logs"."id" desc
limit
  $1
offset
  $2;

-- fetchBalanceLogs: every filter, after an id
select
  "balance_logs"."id",
  "balance_logs"."user_id",
  "users"."username",
  "balance_logs"."currency",
  "balance_logs"."type",
  "balance_logs"."amount",
  "balance_logs"."earnest_amount",
  "balance_logs"."deposit_amount",
  "balance_logs"."balance_after",
  "balance_logs"."earnest_after",
  "balance_logs"."deposit_after",
  "balance_logs"."reference_type",
  "balance_logs"."reference_no",
  "balance_logs"."remark",
  "balance_logs"."created_at"
from
  "balance_logs"
  inner join "users" on "users"."id" = "balance_logs"."user_id"
where
  "balance_logs"."user_id" = $1
  and "users"."owner_id" = $2
  and "users"."username" like $3
  and "balance_logs"."type" in ($4, $5)
  and "balance_logs"."currency" = $6
  and "balance_logs"."created_at" >= $7
  and "balance_logs"."created_at" < $8
  and "balance_logs"."id" < $9
order by
  "balance_logs"."id" desc
limit
  $10
offset
  $11;

-- fetchBalanceLogs: by offset
select
  "balance_logs"."id",
  "balance_logs"."user_id",
  "users"."username",
  "balance_logs"."currency",
  "balance_logs"."type",
  "balance_logs"."amount",
  "balance_logs"."earnest_amount",
  "balance_logs"."deposit_amount",
  "balance_logs"."balance_after",
  "balance_logs"."earnest_after",
  "balance_logs"."deposit_after",
  "balance_logs"."reference_type",
  "balance_logs"."reference_no",
  "balance_logs"."remark",
  "balance_logs"."created_at"
from
  "balance_logs"
  inner join "users" on "users"."id" = "balance_logs"."user_id"
where
  "balance_logs"."user_id" = $1
order by
  "balance_logs"."id" desc
limit
  $2
offset
  $3;

-- balanceLogTotals: every row
select
  count(*) as "total",
  sum(
    case
      when "balance_logs"."amount" > $1 then "balance_logs"."amount"
      else 0
    end
  ) as "income",
  sum(
    case
      when "balance_logs"."amount" < $2 then "balance_logs"."amount"
      else 0
    end
  ) as "expense"
from
  "balance_logs"
  inner join "users" on "users"."id" = "balance_logs"."user_id";

-- balanceLogTotals: every filter
select
  count(*) as "total",
  sum(
    case
      when "balance_logs"."amount" > $1 then "balance_logs"."amount"
      else 0
    end
  ) as "income",
  sum(
    case
      when "balance_logs"."amount" < $2 then "balance_logs"."amount"
      else 0
    end
  ) as "expense"
from
  "balance_logs"
  inner join "users" on "users"."id" = "balance_logs"."user_id"
where
  "balance_logs"."user_id" = $3
  and "users"."owner_id" = $4
  and "users"."username" like $5
  and "balance_logs"."type" in ($6, $7)
  and "balance_logs"."currency" = $8
  and "balance_logs"."created_at" >= $9
  and "balance_logs"."created_at" < $10;

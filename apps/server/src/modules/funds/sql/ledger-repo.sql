-- The SQL of modules/funds/ledger-repo.ts, made from test/sql/modules/funds.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- walletsOf: a merchant
select
  *
from
  "wallets"
where
  "user_id" = $1
order by
  "currency" desc;

-- spendableOf: a wallet
select
  "balance",
  "credit_limit"
from
  "wallets"
where
  "user_id" = $1
  and "currency" = $2;

-- openWallets: a new merchant
insert into
  "wallets" ("user_id", "currency", "updated_at")
values
  ($1, $2, $3),
  ($4, $5, $6);

-- moveWallet: a charge that needs every balance
update "wallets"
set
  "balance" = "balance" + cast($1 as bigint),
  "earnest_balance" = "earnest_balance" + cast($2 as bigint),
  "deposit_balance" = "deposit_balance" + cast($3 as bigint),
  "updated_at" = $4
where
  "user_id" = $5
  and "currency" = $6
  and "balance" + "credit_limit" >= cast($7 as bigint)
  and "earnest_balance" >= $8
  and "deposit_balance" >= $9
returning
  "balance",
  "earnest_balance",
  "deposit_balance";

-- moveWallet: a credit
update "wallets"
set
  "balance" = "balance" + cast($1 as bigint),
  "earnest_balance" = "earnest_balance" + cast($2 as bigint),
  "deposit_balance" = "deposit_balance" + cast($3 as bigint),
  "updated_at" = $4
where
  "user_id" = $5
  and "currency" = $6
returning
  "balance",
  "earnest_balance",
  "deposit_balance";

-- insertLedgerRows: two rows
insert into
  "balance_logs" (
    "user_id",
    "currency",
    "type",
    "amount",
    "balance_after",
    "earnest_after",
    "deposit_after",
    "reference_type",
    "reference_id",
    "reference_no",
    "actor_id",
    "created_at"
  )
values
  ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12),
  (
    $13,
    $14,
    $15,
    $16,
    $17,
    $18,
    $19,
    $20,
    $21,
    $22,
    $23,
    $24
  )
returning
  "id";

-- doubtfulWalletRows: every wallet
select
  "wallets"."user_id",
  "users"."username",
  "wallets"."currency",
  "wallets"."balance",
  "wallets"."earnest_balance",
  "wallets"."deposit_balance",
  "sums"."amount_sum",
  "sums"."earnest_sum",
  "sums"."deposit_sum"
from
  "wallets"
  inner join "users" on "users"."id" = "wallets"."user_id"
  left join (
    select
      "user_id",
      "currency",
      sum("amount") as "amount_sum",
      sum("earnest_amount") as "earnest_sum",
      sum("deposit_amount") as "deposit_sum"
    from
      "balance_logs"
    group by
      "user_id",
      "currency"
  ) as "sums" on "sums"."user_id" = "wallets"."user_id"
  and "sums"."currency" = "wallets"."currency"
where
  (
    "wallets"."balance" != coalesce("sums"."amount_sum", 0)
    or "wallets"."earnest_balance" != coalesce("sums"."earnest_sum", 0)
    or "wallets"."deposit_balance" != coalesce("sums"."deposit_sum", 0)
  )
order by
  "wallets"."user_id";

-- doubtfulOrderRows: every order
select
  "orders"."id",
  "orders"."order_no",
  "orders"."user_id",
  "orders"."status",
  coalesce(sum("balance_logs"."amount"), 0) as "net",
  coalesce(sum("balance_logs"."earnest_amount"), 0) as "earnest_net",
  case
    when orders.status in (1, 2, 3, 6, 16)
    and orders.refunded_at is null then - (coalesce(orders.rate, 0) + orders.insurance_fee)
    else 0
  end - case
    when orders.status in (1, 2, 3, 6, 16)
    and orders.refunded_at is null
    and orders.earnest_released_at is null then orders.earnest
    else 0
  end as "expected",
  case
    when orders.status in (1, 2, 3, 6, 16)
    and orders.refunded_at is null
    and orders.earnest_released_at is null then orders.earnest
    else 0
  end as "expected_earnest"
from
  "orders"
  left join "balance_logs" on "balance_logs"."reference_id" = "orders"."id"
  and "balance_logs"."reference_type" = $1
where
  "orders"."status" != $2
  and "orders"."billed_at" is null
group by
  "orders"."id",
  "orders"."order_no",
  "orders"."user_id",
  "orders"."status",
  "orders"."rate",
  "orders"."insurance_fee",
  "orders"."refunded_at",
  "orders"."earnest",
  "orders"."earnest_released_at"
having
  (
    coalesce(sum("balance_logs"."amount"), 0) != case
      when orders.status in (1, 2, 3, 6, 16)
      and orders.refunded_at is null then - (coalesce(orders.rate, 0) + orders.insurance_fee)
      else 0
    end - case
      when orders.status in (1, 2, 3, 6, 16)
      and orders.refunded_at is null
      and orders.earnest_released_at is null then orders.earnest
      else 0
    end
    or coalesce(sum("balance_logs"."earnest_amount"), 0) != case
      when orders.status in (1, 2, 3, 6, 16)
      and orders.refunded_at is null
      and orders.earnest_released_at is null then orders.earnest
      else 0
    end
  )
order by
  "orders"."id"
limit
  $3;

-- writeCreditLimit: a wallet
update "wallets"
set
  "credit_limit" = $1,
  "updated_at" = $2
where
  "user_id" = $3
  and "currency" = $4;

-- The SQL of modules/funds/recharges-repo.ts, made from test/sql/modules/funds.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- attachmentOf: a merchant's voucher
select
  "id"
from
  "attachments"
where
  "id" = $1
  and "user_id" = $2;

-- insertRecharge: a bank transfer
insert into
  "recharges" (
    "user_id",
    "currency",
    "payment_method",
    "forecast_amount",
    "actual_amount",
    "voucher_id",
    "auditor_id",
    "submitted_at",
    "arrived_at",
    "audited_at"
  )
values
  ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
returning
  "id";

-- fetchRecharges: every row, first page
select
  "recharges"."id",
  "recharges"."user_id",
  "users"."username",
  "recharges"."currency",
  "recharges"."payment_method",
  "recharges"."forecast_amount",
  "recharges"."actual_amount",
  "recharges"."voucher_id",
  "recharges"."status",
  "recharges"."remark",
  "recharges"."audit_remark",
  "recharges"."submitted_at",
  "recharges"."arrived_at",
  "recharges"."audited_at"
from
  "recharges"
  inner join "users" on "users"."id" = "recharges"."user_id"
order by
  "recharges"."id" desc
limit
  $1
offset
  $2;

-- fetchRecharges: every filter, after an id
select
  "recharges"."id",
  "recharges"."user_id",
  "users"."username",
  "recharges"."currency",
  "recharges"."payment_method",
  "recharges"."forecast_amount",
  "recharges"."actual_amount",
  "recharges"."voucher_id",
  "recharges"."status",
  "recharges"."remark",
  "recharges"."audit_remark",
  "recharges"."submitted_at",
  "recharges"."arrived_at",
  "recharges"."audited_at"
from
  "recharges"
  inner join "users" on "users"."id" = "recharges"."user_id"
where
  "recharges"."user_id" = $1
  and "users"."owner_id" = $2
  and "users"."username" like $3
  and "recharges"."status" = $4
  and "recharges"."currency" = $5
  and "recharges"."submitted_at" >= $6
  and "recharges"."submitted_at" < $7
  and "recharges"."id" < $8
order by
  "recharges"."id" desc
limit
  $9
offset
  $10;

-- fetchRecharges: by offset
select
  "recharges"."id",
  "recharges"."user_id",
  "users"."username",
  "recharges"."currency",
  "recharges"."payment_method",
  "recharges"."forecast_amount",
  "recharges"."actual_amount",
  "recharges"."voucher_id",
  "recharges"."status",
  "recharges"."remark",
  "recharges"."audit_remark",
  "recharges"."submitted_at",
  "recharges"."arrived_at",
  "recharges"."audited_at"
from
  "recharges"
  inner join "users" on "users"."id" = "recharges"."user_id"
where
  "recharges"."user_id" = $1
order by
  "recharges"."id" desc
limit
  $2
offset
  $3;

-- rechargeCount: every row
select
  count(*) as "total"
from
  "recharges"
  inner join "users" on "users"."id" = "recharges"."user_id";

-- rechargeCount: every filter
select
  count(*) as "total"
from
  "recharges"
  inner join "users" on "users"."id" = "recharges"."user_id"
where
  "recharges"."user_id" = $1
  and "users"."owner_id" = $2
  and "users"."username" like $3
  and "recharges"."status" = $4
  and "recharges"."currency" = $5
  and "recharges"."submitted_at" >= $6
  and "recharges"."submitted_at" < $7;

-- rechargeInScope: any account
select
  "id"
from
  "recharges"
where
  "id" = $1;

-- rechargeInScope: owned accounts
select
  "id"
from
  "recharges"
where
  "id" = $1
  and "recharges"."user_id" in (
    select
      "id"
    from
      "users"
    where
      "owner_id" = $2
  );

-- reviewPendingRecharge: approved
update "recharges"
set
  "status" = $1,
  "actual_amount" = $2,
  "audit_remark" = $3,
  "auditor_id" = $4,
  "audited_at" = $5
where
  "id" = $6
  and "status" = $7
returning
  "user_id",
  "currency";

-- rechargeExists: by id
select
  "id"
from
  "recharges"
where
  "id" = $1;

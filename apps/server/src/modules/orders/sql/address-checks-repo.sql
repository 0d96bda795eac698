-- The SQL of modules/orders/address-checks-repo.ts, made from test/sql/modules/orders.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- recipientsOf: own, a test key
select
  "id",
  "order_no",
  "to_address"
from
  "orders"
where
  "id" in ($1, $2)
  and "orders"."is_test" = $3
  and "orders"."user_id" = $4;

-- markAddressChecks: two orders (1 of 3)
begin;

-- markAddressChecks: two orders (2 of 3)
update "orders"
set
  "address_status" = case
    when "id" = $1 then cast($2 as bigint)
    when "id" = $3 then cast($4 as bigint)
  end,
  "address_note" = case
    when "id" = $5 then cast($6 as text)
    when "id" = $7 then cast($8 as text)
  end,
  "version" = "version" + $9
where
  "id" in ($10, $11);

-- markAddressChecks: two orders (3 of 3)
commit;

-- recordAddressCorrection: address, ZIP and residential
update "orders"
set
  "to_address" = $1,
  "to_zip" = $2,
  "residential" = $3,
  "address_status" = $4,
  "address_note" = $5,
  "version" = "version" + $6
where
  "id" = $7
  and "version" = $8;

-- recordAddressCorrection: the mark alone
update "orders"
set
  "address_status" = $1,
  "address_note" = $2,
  "version" = "version" + $3
where
  "id" = $4
  and "version" = $5;

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

-- markAddressChecks: two orders (1 of 4)
begin;

-- markAddressChecks: two orders (2 of 4)
update "orders"
set
  "address_status" = $1,
  "address_note" = $2,
  "version" = "version" + $3
where
  "id" = $4;

-- markAddressChecks: two orders (3 of 4)
update "orders"
set
  "address_status" = $1,
  "address_note" = $2,
  "version" = "version" + $3
where
  "id" = $4;

-- markAddressChecks: two orders (4 of 4)
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

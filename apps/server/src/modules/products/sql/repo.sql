-- The SQL of modules/products/repo.ts, made from test/sql/modules/products.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- listProducts: first page (1 of 2)
select
  *
from
  "products"
where
  "user_id" = $1
order by
  "sku"
limit
  $2
offset
  $3;

-- listProducts: first page (2 of 2)
select
  count(*) as "total"
from
  "products"
where
  "user_id" = $1;

-- listProducts: by keyword (1 of 2)
select
  *
from
  "products"
where
  "user_id" = $1
  and (
    lower("sku") like $2
    or lower("name") like $3
  )
order by
  "sku"
limit
  $4
offset
  $5;

-- listProducts: by keyword (2 of 2)
select
  count(*) as "total"
from
  "products"
where
  "user_id" = $1
  and (
    lower("sku") like $2
    or lower("name") like $3
  );

-- saveProduct: a new product
insert into
  "products" (
    "sku",
    "name",
    "weight",
    "length",
    "width",
    "height",
    "mass_unit",
    "distance_unit",
    "template_id",
    "customs",
    "user_id",
    "created_at",
    "updated_at"
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
    $13
  )
returning
  *;

-- saveProduct: a changed product
update "products"
set
  "sku" = $1,
  "name" = $2,
  "weight" = $3,
  "length" = $4,
  "width" = $5,
  "height" = $6,
  "mass_unit" = $7,
  "distance_unit" = $8,
  "template_id" = $9,
  "customs" = $10,
  "updated_at" = $11
where
  "id" = $12
  and "user_id" = $13
returning
  *;

-- deleteProducts: two products
delete from "products"
where
  "user_id" = $1
  and "id" in ($2, $3);

-- addSeenProducts: two items
insert into
  "products" (
    "user_id",
    "sku",
    "name",
    "weight",
    "mass_unit",
    "created_at",
    "updated_at"
  )
values
  ($1, $2, $3, $4, $5, $6, $7),
  ($8, $9, $10, $11, $12, $13, $14)
on conflict ("user_id", "sku") do nothing;

-- presetsOf: two SKUs
select
  *
from
  "products"
where
  "user_id" = $1
  and "sku" in ($2, $3);

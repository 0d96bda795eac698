-- The SQL of modules/address-book/repo.ts, made from test/sql/modules/address-book.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- addressPage: first page (1 of 2)
select
  *
from
  "address_book"
where
  "user_id" = $1
order by
  "is_default_sender" desc,
  "id" desc
limit
  $2
offset
  $3;

-- addressPage: first page (2 of 2)
select
  count(*) as "total"
from
  "address_book"
where
  "user_id" = $1;

-- addressPage: by keyword (1 of 2)
select
  *
from
  "address_book"
where
  "user_id" = $1
  and (
    lower("title") like $2
    or lower("person_name") like $3
    or lower("company") like $4
    or lower("phone") like $5
    or lower("city") like $6
    or lower("zip_code") like $7
    or lower("address_line1") like $8
  )
order by
  "is_default_sender" desc,
  "id" desc
limit
  $9
offset
  $10;

-- addressPage: by keyword (2 of 2)
select
  count(*) as "total"
from
  "address_book"
where
  "user_id" = $1
  and (
    lower("title") like $2
    or lower("person_name") like $3
    or lower("company") like $4
    or lower("phone") like $5
    or lower("city") like $6
    or lower("zip_code") like $7
    or lower("address_line1") like $8
  );

-- addressRow: by id
select
  *
from
  "address_book"
where
  "id" = $1
  and "user_id" = $2;

-- clearDefaultSender: every address
update "address_book"
set
  "is_default_sender" = $1
where
  "user_id" = $2
  and "is_default_sender" = $3;

-- clearDefaultSender: but one
update "address_book"
set
  "is_default_sender" = $1
where
  "user_id" = $2
  and "is_default_sender" = $3
  and "id" != $4;

-- insertAddress: an address
insert into
  "address_book" (
    "title",
    "person_name",
    "company",
    "phone",
    "email",
    "country_code",
    "state_code",
    "city",
    "address_line1",
    "address_line2",
    "zip_code",
    "is_residential",
    "is_default_sender",
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
    $13,
    $14,
    $15,
    $16
  )
returning
  *;

-- updateAddress: an address
update "address_book"
set
  "title" = $1,
  "person_name" = $2,
  "company" = $3,
  "phone" = $4,
  "email" = $5,
  "country_code" = $6,
  "state_code" = $7,
  "city" = $8,
  "address_line1" = $9,
  "address_line2" = $10,
  "zip_code" = $11,
  "is_residential" = $12,
  "is_default_sender" = $13,
  "updated_at" = $14
where
  "id" = $15
  and "user_id" = $16
returning
  *;

-- defaultSenderRow: a merchant
select
  *
from
  "address_book"
where
  "user_id" = $1
  and "is_default_sender" = $2;

-- templatePage: first page (1 of 2)
select
  *
from
  "package_templates"
where
  "user_id" = $1
order by
  "name"
limit
  $2
offset
  $3;

-- templatePage: first page (2 of 2)
select
  count(*) as "total"
from
  "package_templates"
where
  "user_id" = $1;

-- templatePage: by keyword (1 of 2)
select
  *
from
  "package_templates"
where
  "user_id" = $1
  and lower("name") like $2
order by
  "name"
limit
  $3
offset
  $4;

-- templatePage: by keyword (2 of 2)
select
  count(*) as "total"
from
  "package_templates"
where
  "user_id" = $1
  and lower("name") like $2;

-- insertTemplate: a template
insert into
  "package_templates" (
    "name",
    "quantity",
    "length",
    "width",
    "height",
    "weight",
    "unit",
    "user_id",
    "created_at",
    "updated_at"
  )
values
  ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
returning
  *;

-- updateTemplate: a template
update "package_templates"
set
  "name" = $1,
  "quantity" = $2,
  "length" = $3,
  "width" = $4,
  "height" = $5,
  "weight" = $6,
  "unit" = $7,
  "updated_at" = $8
where
  "id" = $9
  and "user_id" = $10
returning
  *;

-- templateRows: two templates
select
  *
from
  "package_templates"
where
  "user_id" = $1
  and "id" in ($2, $3);

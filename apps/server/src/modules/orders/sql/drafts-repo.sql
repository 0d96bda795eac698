-- The SQL of modules/orders/drafts-repo.ts, made from test/sql/modules/orders.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- insertDrafts: two drafts of an import (1 of 3)
insert into
  "orders" (
    "from_address",
    "to_address",
    "from_name",
    "from_zip",
    "to_name",
    "to_zip",
    "reference1",
    "reference2",
    "remark",
    "battery_type",
    "insurance_cents",
    "residential",
    "label_size",
    "extra",
    "is_test",
    "ship_date",
    "batch_no",
    "items",
    "order_no",
    "user_id",
    "status",
    "created_at",
    "updated_at",
    "held_for_review",
    "rule_trail"
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
    $16,
    $17,
    $18,
    $19,
    $20,
    $21,
    $22,
    $23,
    default,
    default
  ),
  (
    $24,
    $25,
    $26,
    $27,
    $28,
    $29,
    $30,
    $31,
    $32,
    $33,
    $34,
    $35,
    $36,
    $37,
    $38,
    $39,
    $40,
    $41,
    $42,
    $43,
    $44,
    $45,
    $46,
    $47,
    $48
  )
returning
  "id",
  "order_no",
  "is_test";

-- insertDrafts: two drafts of an import (2 of 3)
insert into
  "parcels" (
    "order_id",
    "seq",
    "length",
    "width",
    "height",
    "weight",
    "mass_unit",
    "distance_unit",
    "package_code",
    "package_num",
    "package_amount",
    "insured_cents",
    "reference",
    "reference2"
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
    $14
  ),
  (
    $15,
    $16,
    $17,
    $18,
    $19,
    $20,
    $21,
    $22,
    $23,
    $24,
    $25,
    $26,
    $27,
    $28
  );

-- insertDrafts: two drafts of an import (3 of 3)
insert into
  "order_events" (
    "order_id",
    "status",
    "event",
    "detail",
    "actor_id",
    "created_at"
  )
values
  ($1, $2, $3, $4, $5, $6),
  ($7, $8, $9, $10, $11, $12);

-- insertCopy: an order
insert into
  "orders" (
    "order_no",
    "user_id",
    "batch_no",
    "from_address",
    "to_address",
    "from_name",
    "from_zip",
    "to_name",
    "to_zip",
    "reference1",
    "reference2",
    "remark",
    "battery_type",
    "insurance_cents",
    "residential",
    "label_size",
    "extra",
    "is_test",
    "items",
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
    $16,
    $17,
    $18,
    $19,
    $20,
    $21
  )
returning
  "id";

-- copyParcels: a parcel
insert into
  "parcels" (
    "order_id",
    "seq",
    "length",
    "width",
    "height",
    "weight",
    "mass_unit",
    "distance_unit",
    "package_code",
    "package_num",
    "package_amount",
    "insured_cents",
    "reference",
    "reference2"
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
    $14
  );

-- clearParcelLabels: an order
update "parcels"
set
  "tracking_no" = $1,
  "barcode" = $2,
  "tracking_status" = $3,
  "tracking_updated_at" = $4,
  "tracking_registered" = $5,
  "tracking_checked_at" = $6,
  "tracking_claimed_until" = $7
where
  "order_id" = $8;

-- insertDraft: a draft (1 of 3)
insert into
  "orders" (
    "from_address",
    "to_address",
    "from_name",
    "from_zip",
    "to_name",
    "to_zip",
    "reference1",
    "reference2",
    "remark",
    "battery_type",
    "insurance_cents",
    "residential",
    "label_size",
    "extra",
    "is_test",
    "ship_date",
    "batch_no",
    "items",
    "order_no",
    "user_id",
    "status",
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
    $16,
    $17,
    $18,
    $19,
    $20,
    $21,
    $22,
    $23
  )
returning
  "id";

-- insertDraft: a draft (2 of 3)
delete from "parcels"
where
  "order_id" = $1;

-- insertDraft: a draft (3 of 3)
insert into
  "parcels" (
    "order_id",
    "seq",
    "length",
    "width",
    "height",
    "weight",
    "mass_unit",
    "distance_unit",
    "package_code",
    "package_num",
    "package_amount",
    "insured_cents",
    "reference",
    "reference2"
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
    $14
  );

-- updateDraft: editable (1 of 3)
update "orders"
set
  "from_address" = $1,
  "to_address" = $2,
  "from_name" = $3,
  "from_zip" = $4,
  "to_name" = $5,
  "to_zip" = $6,
  "reference1" = $7,
  "reference2" = $8,
  "remark" = $9,
  "battery_type" = $10,
  "insurance_cents" = $11,
  "residential" = $12,
  "label_size" = $13,
  "extra" = $14,
  "is_test" = $15,
  "ship_date" = $16,
  "batch_no" = $17,
  "items" = $18,
  "status" = $19,
  "fail_reason" = $20,
  "updated_at" = $21,
  "version" = "version" + $22
where
  "id" = $23
  and "user_id" = $24
  and "status" in ($25, $26);

-- updateDraft: editable (2 of 3)
delete from "parcels"
where
  "order_id" = $1;

-- updateDraft: editable (3 of 3)
insert into
  "parcels" (
    "order_id",
    "seq",
    "length",
    "width",
    "height",
    "weight",
    "mass_unit",
    "distance_unit",
    "package_code",
    "package_num",
    "package_amount",
    "insured_cents",
    "reference",
    "reference2"
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
    $14
  );

-- updateDraft: no longer editable
update "orders"
set
  "from_address" = $1,
  "to_address" = $2,
  "from_name" = $3,
  "from_zip" = $4,
  "to_name" = $5,
  "to_zip" = $6,
  "reference1" = $7,
  "reference2" = $8,
  "remark" = $9,
  "battery_type" = $10,
  "insurance_cents" = $11,
  "residential" = $12,
  "label_size" = $13,
  "extra" = $14,
  "is_test" = $15,
  "ship_date" = $16,
  "batch_no" = $17,
  "items" = $18,
  "status" = $19,
  "fail_reason" = $20,
  "updated_at" = $21,
  "version" = "version" + $22
where
  "id" = $23
  and "user_id" = $24
  and "status" in ($25, $26);

-- The SQL of modules/orders/selection-repo.ts, made from test/sql/modules/orders.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- selectionHasCarrierLabels: explicit ids
select
  "orders"."id"
from
  "orders"
where
  "orders"."user_id" = $1
  and "orders"."id" in ($2, $3)
  and (
    "orders"."status" in ($4, $5, $6)
    or (
      "orders"."status" = $7
      and "orders"."refunded_at" is null
      and "orders"."tracking_no" is not null
    )
  )
  and exists (
    select
      "parcels"."id"
    from
      "parcels"
    where
      "parcels"."order_id" = "orders"."id"
      and "parcels"."label_file" is not null
  )
limit
  $8;

-- selectionHasCarrierLabels: the list's filters
select
  "orders"."id"
from
  "orders"
where
  "orders"."user_id" = $1
  and "orders"."status" = $2
  and "orders"."is_test" = $3
  and (
    "orders"."status" in ($4, $5, $6)
    or (
      "orders"."status" = $7
      and "orders"."refunded_at" is null
      and "orders"."tracking_no" is not null
    )
  )
  and exists (
    select
      "parcels"."id"
    from
      "parcels"
    where
      "parcels"."order_id" = "orders"."id"
      and "parcels"."label_file" is not null
  )
limit
  $8;

-- selectedOrders: one page, labels standing (1 of 2)
select
  "orders".*
from
  "orders"
where
  "orders"."user_id" = $1
  and "orders"."id" in ($2, $3)
  and (
    "orders"."status" in ($4, $5, $6)
    or (
      "orders"."status" = $7
      and "orders"."refunded_at" is null
      and "orders"."tracking_no" is not null
    )
  )
order by
  "orders"."id" desc
limit
  $8;

-- selectedOrders: one page, labels standing (2 of 2)
select
  *
from
  "parcels"
where
  "order_id" in ($1)
order by
  "order_id",
  "seq";

-- selectedOrders: a full page and the next, everything (1 of 3)
select
  "orders".*
from
  "orders"
where
  "orders"."user_id" in (
    select
      "id"
    from
      "users"
    where
      "owner_id" = $1
  )
  and "orders"."is_test" = $2
order by
  "orders"."id" desc
limit
  $3;

-- selectedOrders: a full page and the next, everything (2 of 3)
select
  *
from
  "parcels"
where
  "order_id" in (
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
    $48,
    $49,
    $50,
    $51,
    $52,
    $53,
    $54,
    $55,
    $56,
    $57,
    $58,
    $59,
    $60,
    $61,
    $62,
    $63,
    $64,
    $65,
    $66,
    $67,
    $68,
    $69,
    $70,
    $71,
    $72,
    $73,
    $74,
    $75,
    $76,
    $77,
    $78,
    $79,
    $80,
    $81,
    $82,
    $83,
    $84,
    $85,
    $86,
    $87,
    $88,
    $89,
    $90,
    $91,
    $92,
    $93,
    $94,
    $95,
    $96,
    $97,
    $98,
    $99,
    $100,
    $101,
    $102,
    $103,
    $104,
    $105,
    $106,
    $107,
    $108,
    $109,
    $110,
    $111,
    $112,
    $113,
    $114,
    $115,
    $116,
    $117,
    $118,
    $119,
    $120,
    $121,
    $122,
    $123,
    $124,
    $125,
    $126,
    $127,
    $128,
    $129,
    $130,
    $131,
    $132,
    $133,
    $134,
    $135,
    $136,
    $137,
    $138,
    $139,
    $140,
    $141,
    $142,
    $143,
    $144,
    $145,
    $146,
    $147,
    $148,
    $149,
    $150,
    $151,
    $152,
    $153,
    $154,
    $155,
    $156,
    $157,
    $158,
    $159,
    $160,
    $161,
    $162,
    $163,
    $164,
    $165,
    $166,
    $167,
    $168,
    $169,
    $170,
    $171,
    $172,
    $173,
    $174,
    $175,
    $176,
    $177,
    $178,
    $179,
    $180,
    $181,
    $182,
    $183,
    $184,
    $185,
    $186,
    $187,
    $188,
    $189,
    $190,
    $191,
    $192,
    $193,
    $194,
    $195,
    $196,
    $197,
    $198,
    $199,
    $200
  )
order by
  "order_id",
  "seq";

-- selectedOrders: a full page and the next, everything (3 of 3)
select
  "orders".*
from
  "orders"
where
  "orders"."user_id" in (
    select
      "id"
    from
      "users"
    where
      "owner_id" = $1
  )
  and "orders"."is_test" = $2
  and "orders"."id" < $3
order by
  "orders"."id" desc
limit
  $4;

-- selectedOrders: a page's ids, then its orders read in chunks (a download drawing labels) (1 of 3)
select
  "orders"."id"
from
  "orders"
where
  "orders"."user_id" = $1
  and "orders"."id" in ($2, $3)
  and (
    "orders"."status" in ($4, $5, $6)
    or (
      "orders"."status" = $7
      and "orders"."refunded_at" is null
      and "orders"."tracking_no" is not null
    )
  )
order by
  "orders"."id" desc
limit
  $8;

-- selectedOrders: a page's ids, then its orders read in chunks (a download drawing labels) (2 of 3)
select
  "orders".*
from
  "orders"
where
  "orders"."user_id" = $1
  and "orders"."id" in ($2)
  and (
    "orders"."status" in ($3, $4, $5)
    or (
      "orders"."status" = $6
      and "orders"."refunded_at" is null
      and "orders"."tracking_no" is not null
    )
  )
order by
  "orders"."id" desc;

-- selectedOrders: a page's ids, then its orders read in chunks (a download drawing labels) (3 of 3)
select
  *
from
  "parcels"
where
  "order_id" in ($1)
order by
  "order_id",
  "seq";

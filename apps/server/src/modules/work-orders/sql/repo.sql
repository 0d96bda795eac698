-- The SQL of modules/work-orders/repo.ts, made from test/sql/modules/work-orders.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- insertWorkOrder: about an order
insert into
  "work_orders" (
    "ticket_no",
    "user_id",
    "type",
    "subject",
    "description",
    "order_id",
    "attachment_id",
    "last_reply_side",
    "created_at",
    "updated_at"
  )
values
  ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
returning
  "id";

-- listed: any account
select
  "work_orders"."id"
from
  "work_orders"
  inner join "users" on "users"."id" = "work_orders"."user_id"
  left join "orders" on "orders"."id" = "work_orders"."order_id";

-- listed: own
select
  "work_orders"."id"
from
  "work_orders"
  inner join "users" on "users"."id" = "work_orders"."user_id"
  left join "orders" on "orders"."id" = "work_orders"."order_id"
where
  "work_orders"."user_id" = $1;

-- listed: owned accounts
select
  "work_orders"."id"
from
  "work_orders"
  inner join "users" on "users"."id" = "work_orders"."user_id"
  left join "orders" on "orders"."id" = "work_orders"."order_id"
where
  "work_orders"."user_id" in (
    select
      "id"
    from
      "users"
    where
      "owner_id" = $1
  );

-- selectView: one ticket
select
  "work_orders"."id",
  "work_orders"."ticket_no",
  "work_orders"."type",
  "work_orders"."subject",
  "work_orders"."description",
  "work_orders"."status",
  "work_orders"."attachment_id",
  "work_orders"."last_reply",
  "work_orders"."last_reply_side",
  "work_orders"."created_at",
  "work_orders"."updated_at",
  "work_orders"."user_id",
  "users"."username",
  "users"."name" as "user_name",
  "orders"."id" as "order_id",
  "orders"."order_no",
  "orders"."tracking_no",
  "orders"."status" as "order_status"
from
  "work_orders"
  inner join "users" on "users"."id" = "work_orders"."user_id"
  left join "orders" on "orders"."id" = "work_orders"."order_id"
where
  "work_orders"."id" = $1;

-- repliesOf: a ticket
select
  "work_order_replies"."id",
  "work_order_replies"."side",
  "work_order_replies"."content",
  "work_order_replies"."attachment_id",
  "work_order_replies"."created_at",
  "users"."name",
  "users"."username"
from
  "work_order_replies"
  inner join "users" on "users"."id" = "work_order_replies"."author_id"
where
  "work_order_replies"."work_order_id" = $1
order by
  "work_order_replies"."id";

-- addReply: staff's reply (1 of 2)
update "work_orders"
set
  "last_reply" = $1,
  "last_reply_side" = $2,
  "updated_at" = $3
where
  "id" = $4
  and "status" = $5;

-- addReply: staff's reply (2 of 2)
insert into
  "work_order_replies" (
    "work_order_id",
    "author_id",
    "side",
    "content",
    "attachment_id",
    "created_at"
  )
values
  ($1, $2, $3, $4, $5, $6);

-- moveWorkOrder: closed
update "work_orders"
set
  "status" = $1,
  "updated_at" = $2
where
  "id" = $3
  and "status" in ($4);

-- attachmentOnOwnWorkOrder: a file
select
  "work_orders"."id"
from
  "work_orders"
  left join "work_order_replies" on "work_order_replies"."work_order_id" = "work_orders"."id"
where
  "work_orders"."user_id" = $1
  and (
    "work_orders"."attachment_id" = $2
    or "work_order_replies"."attachment_id" = $3
  );

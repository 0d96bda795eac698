-- The SQL of modules/orders/events-repo.ts, made from test/sql/modules/orders.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- eventsOf: an order
select
  *
from
  "order_events"
where
  "order_id" = $1
order by
  "id";

-- addEvent: one event
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
  ($1, $2, $3, $4, $5, $6);

-- addEvents: two orders
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

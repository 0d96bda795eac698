-- The SQL of modules/webhooks/prune-repo.ts, made from test/sql/modules/webhooks.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- finishedDeliveriesBefore: a batch
select
  "id"
from
  "webhook_deliveries"
where
  "created_at" < $1
  and "status" != $2
order by
  "id"
limit
  $3;

-- deleteAttemptsOf: two deliveries
delete from "webhook_attempts"
where
  "delivery_id" in ($1, $2);

-- deleteDeliveries: two deliveries
delete from "webhook_deliveries"
where
  "id" in ($1, $2);

-- deleteUnusedEventsBefore: a cut-off
delete from "webhook_events"
where
  "created_at" < $1
  and not exists (
    select
      "webhook_deliveries"."id"
    from
      "webhook_deliveries"
    where
      "webhook_deliveries"."event_row_id" = "webhook_events"."id"
  );

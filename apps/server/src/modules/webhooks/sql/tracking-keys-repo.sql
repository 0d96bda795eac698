-- The SQL of modules/webhooks/tracking-keys-repo.ts, made from test/sql/modules/webhooks.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- trackingKeyRow: a merchant
select
  *
from
  "tracking_webhook_keys"
where
  "user_id" = $1;

-- storedTrackingKey: a merchant
select
  *
from
  "tracking_webhook_keys"
where
  "user_id" = $1;

-- insertTrackingKeyOnce: a first secret
insert into
  "tracking_webhook_keys" ("user_id", "secret", "created_at")
values
  ($1, $2, $3)
on conflict ("user_id") do nothing;

-- insertTrackingKey: a first secret
insert into
  "tracking_webhook_keys" ("user_id", "secret", "created_at")
values
  ($1, $2, $3);

-- updateTrackingKey: a rotation
update "tracking_webhook_keys"
set
  "secret" = $1,
  "previous_secret" = $2,
  "previous_secret_until" = $3
where
  "user_id" = $4;

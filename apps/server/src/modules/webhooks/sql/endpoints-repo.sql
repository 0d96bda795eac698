-- The SQL of modules/webhooks/endpoints-repo.ts, made from test/sql/modules/webhooks.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- endpointOfUser: a merchant's endpoint
select
  *
from
  "webhook_endpoints"
where
  "id" = $1
  and "user_id" = $2;

-- endpointsOfUser: every mode
select
  *
from
  "webhook_endpoints"
where
  "user_id" = $1
order by
  "id" desc;

-- endpointsOfUser: the key's mode and the mode asked
select
  *
from
  "webhook_endpoints"
where
  "user_id" = $1
  and "is_test" = $2
  and "is_test" = $3
order by
  "id" desc;

-- countEndpoints: a merchant's endpoints
select
  count(*) as "count"
from
  "webhook_endpoints"
where
  "user_id" = $1;

-- insertEndpoint: an endpoint
insert into
  "webhook_endpoints" (
    "user_id",
    "url",
    "description",
    "event_types",
    "enabled",
    "disabled_reason",
    "disabled_at",
    "secret",
    "is_test",
    "created_at",
    "updated_at"
  )
values
  ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
returning
  *;

-- updateEndpointRow: switched off by the merchant
update "webhook_endpoints"
set
  "url" = $1,
  "description" = $2,
  "event_types" = $3,
  "enabled" = $4,
  "disabled_reason" = $5,
  "disabled_at" = $6,
  "updated_at" = $7
where
  "id" = $8
returning
  *;

-- enabledEndpointsOf: two merchants
select
  "user_id",
  "event_types",
  "is_test"
from
  "webhook_endpoints"
where
  "user_id" in ($1, $2)
  and "enabled" = $3;

-- enabledEndpointsOfAudience: a merchant in live mode
select
  "id",
  "event_types"
from
  "webhook_endpoints"
where
  "user_id" = $1
  and "is_test" = $2
  and "enabled" = $3;

-- endpointAnswered: by id
update "webhook_endpoints"
set
  "failing_since" = $1
where
  "id" = $2
  and "failing_since" is not null;

-- endpointFailed: by id
update "webhook_endpoints"
set
  "failing_since" = $1
where
  "id" = $2
  and "failing_since" is null;

-- disableFailingEndpoint: failing for three days
update "webhook_endpoints"
set
  "enabled" = $1,
  "disabled_reason" = $2,
  "disabled_at" = $3,
  "updated_at" = $4
where
  "id" = $5
  and "enabled" = $6
  and "failing_since" is not null
  and "failing_since" <= $7
returning
  "url";

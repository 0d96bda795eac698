-- The SQL of hooks/idempotency-repo.ts, made from test/sql/modules/platform.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- insertKeyClaim: a new key
insert into
  "idempotency_keys" (
    "user_id",
    "key",
    "operation",
    "request_hash",
    "created_at",
    "locked_until"
  )
values
  ($1, $2, $3, $4, $5, $6)
on conflict ("user_id", "key") do nothing
returning
  "key";

-- keyRow: a user's key
select
  "request_hash",
  "operation",
  "response",
  "status_code",
  "created_at",
  "locked_until"
from
  "idempotency_keys"
where
  "user_id" = $1
  and "key" = $2;

-- deleteKeyMadeAt: an expired key
delete from "idempotency_keys"
where
  "user_id" = $1
  and "key" = $2
  and "created_at" = $3;

-- retakeLapsedKey: a lapsed claim
update "idempotency_keys"
set
  "locked_until" = $1
where
  "user_id" = $2
  and "key" = $3
  and "response" is null
  and "locked_until" = $4;

-- retakeLapsedKey: a key never claimed
update "idempotency_keys"
set
  "locked_until" = $1
where
  "user_id" = $2
  and "key" = $3
  and "response" is null
  and "locked_until" is null;

-- renewKeyClaim: a running call
update "idempotency_keys"
set
  "locked_until" = $1
where
  "user_id" = $2
  and "key" = $3
  and "response" is null;

-- keepKeyAnswer: an answer
update "idempotency_keys"
set
  "status_code" = $1,
  "response" = $2,
  "locked_until" = $3
where
  "user_id" = $4
  and "key" = $5;

-- deleteKey: a user's key
delete from "idempotency_keys"
where
  "user_id" = $1
  and "key" = $2;

-- deleteKeysMadeBefore: a day ago
delete from "idempotency_keys"
where
  "created_at" < $1
  and (
    "response" is not null
    or "locked_until" is null
    or "locked_until" < $2
  );

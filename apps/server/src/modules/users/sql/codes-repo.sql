-- The SQL of modules/users/codes-repo.ts, made from test/sql/modules/users.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- registrationCodesSentSince: an address
select
  "created_at"
from
  "verification_codes"
where
  "email" = $1
  and "purpose" = $2
  and "created_at" > $3;

-- insertRegistrationCode: a code
insert into
  "verification_codes" (
    "email",
    "purpose",
    "code_hash",
    "expires_at",
    "created_at"
  )
values
  ($1, $2, $3, $4, $5);

-- consumeRegistrationCode: the right code (1 of 3)
select
  "id",
  "code_hash"
from
  "verification_codes"
where
  "email" = $1
  and "purpose" = $2
  and "used_at" is null
  and "expires_at" > $3
order by
  "id" desc;

-- consumeRegistrationCode: the right code (2 of 3)
update "verification_codes"
set
  "attempts" = "attempts" + $1
where
  "id" = $2
  and "attempts" < $3;

-- consumeRegistrationCode: the right code (3 of 3)
update "verification_codes"
set
  "used_at" = $1
where
  "id" = $2
  and "used_at" is null;

-- insertPasswordReset: a token
insert into
  "password_resets" (
    "token_hash",
    "user_id",
    "expires_at",
    "created_at"
  )
values
  ($1, $2, $3, $4);

-- consumePasswordReset: a token
update "password_resets"
set
  "used_at" = $1
where
  "token_hash" = $2
  and "used_at" is null
  and "expires_at" > $3
returning
  "user_id";

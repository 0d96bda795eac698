-- The SQL of modules/branding/repo.ts, made from test/sql/modules/branding.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- brandRowOf: a merchant
select
  "user_id",
  "name",
  "logo_attachment_id",
  "color",
  "support_email",
  "support_phone",
  "support_url",
  "notice_locale"
from
  "brands"
where
  "user_id" = $1;

-- upsertBrand: a merchant
insert into
  "brands" (
    "user_id",
    "name",
    "logo_attachment_id",
    "color",
    "support_email",
    "support_phone",
    "support_url",
    "updated_at"
  )
values
  ($1, $2, $3, $4, $5, $6, $7, $8)
on conflict ("user_id") do update
set
  "name" = $9,
  "logo_attachment_id" = $10,
  "color" = $11,
  "support_email" = $12,
  "support_phone" = $13,
  "support_url" = $14,
  "updated_at" = $15;

-- setNoticeLocale: a merchant
insert into
  "brands" ("user_id", "notice_locale", "updated_at")
values
  ($1, $2, $3)
on conflict ("user_id") do update
set
  "notice_locale" = $4,
  "updated_at" = $5;

-- brandChainOf: a merchant under a seller (1 of 4)
select
  "id",
  "owner_id",
  "company",
  "username"
from
  "users"
where
  "id" = $1;

-- brandChainOf: a merchant under a seller (2 of 4)
select
  "id",
  "company",
  "username"
from
  "users"
where
  "id" = $1;

-- brandChainOf: a merchant under a seller (3 of 4)
select
  "user_id",
  "name",
  "logo_attachment_id",
  "color",
  "support_email",
  "support_phone",
  "support_url",
  "notice_locale"
from
  "brands"
where
  "user_id" = $1;

-- brandChainOf: a merchant under a seller (4 of 4)
select
  "user_id",
  "name",
  "logo_attachment_id",
  "color",
  "support_email",
  "support_phone",
  "support_url",
  "notice_locale"
from
  "brands"
where
  "user_id" = $1;

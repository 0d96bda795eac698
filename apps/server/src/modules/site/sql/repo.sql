-- The SQL of modules/site/repo.ts, made from test/sql/modules/site.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- insertContact: a question
insert into
  "contact_requests" (
    "first_name",
    "last_name",
    "email",
    "phone",
    "monthly_volume",
    "question",
    "language",
    "ip",
    "created_at"
  )
values
  ($1, $2, $3, $4, $5, $6, $7, $8, $9)
returning
  "id";

-- contactPage: every request (1 of 2)
select
  "contact_requests".*,
  "staff"."username" as "replied_by_name"
from
  "contact_requests"
  left join "users" as "staff" on "staff"."id" = "contact_requests"."replied_by"
where
  "contact_requests"."id" in (
    select
      "contact_requests"."id"
    from
      "contact_requests"
  )
order by
  "contact_requests"."id" desc
limit
  $1
offset
  $2;

-- contactPage: every request (2 of 2)
select
  count(*) as "n"
from
  "contact_requests";

-- contactPage: unanswered, by keyword (1 of 2)
select
  "contact_requests".*,
  "staff"."username" as "replied_by_name"
from
  "contact_requests"
  left join "users" as "staff" on "staff"."id" = "contact_requests"."replied_by"
where
  "contact_requests"."id" in (
    select
      "contact_requests"."id"
    from
      "contact_requests"
    where
      "contact_requests"."status" = $1
      and (
        lower("contact_requests"."first_name") like $2
        or lower("contact_requests"."last_name") like $3
        or lower("contact_requests"."email") like $4
        or lower("contact_requests"."question") like $5
      )
  )
order by
  "contact_requests"."id" desc
limit
  $6
offset
  $7;

-- contactPage: unanswered, by keyword (2 of 2)
select
  count(*) as "n"
from
  "contact_requests"
where
  "contact_requests"."status" = $1
  and (
    lower("contact_requests"."first_name") like $2
    or lower("contact_requests"."last_name") like $3
    or lower("contact_requests"."email") like $4
    or lower("contact_requests"."question") like $5
  );

-- findContact: by id
select
  "contact_requests".*,
  "staff"."username" as "replied_by_name"
from
  "contact_requests"
  left join "users" as "staff" on "staff"."id" = "contact_requests"."replied_by"
where
  "contact_requests"."id" = $1;

-- markAnswered: by id
update "contact_requests"
set
  "status" = $1,
  "reply" = $2,
  "replied_by" = $3,
  "replied_at" = $4
where
  "id" = $5
  and "status" = $6;

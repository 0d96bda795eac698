-- The SQL of modules/help/repo.ts, made from test/sql/modules/help.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- allArticles: every article
select
  "help_articles".*,
  "editor"."username" as "updated_by_name"
from
  "help_articles"
  left join "users" as "editor" on "editor"."id" = "help_articles"."updated_by"
order by
  "help_articles"."category",
  "help_articles"."sort",
  "help_articles"."id";

-- findArticle: by id
select
  "help_articles".*,
  "editor"."username" as "updated_by_name"
from
  "help_articles"
  left join "users" as "editor" on "editor"."id" = "help_articles"."updated_by"
where
  "help_articles"."id" = $1;

-- publishedArticles: every article
select
  "help_articles".*,
  "editor"."username" as "updated_by_name"
from
  "help_articles"
  left join "users" as "editor" on "editor"."id" = "help_articles"."updated_by"
where
  "help_articles"."published" = $1
order by
  "help_articles"."sort",
  "help_articles"."id";

-- publishedArticles: a category, by keyword
select
  "help_articles".*,
  "editor"."username" as "updated_by_name"
from
  "help_articles"
  left join "users" as "editor" on "editor"."id" = "help_articles"."updated_by"
where
  "help_articles"."published" = $1
  and "help_articles"."category" = $2
  and (
    lower("help_articles"."title_zh") like $3
    or lower("help_articles"."title_en") like $4
    or lower("help_articles"."body_zh") like $5
    or lower("help_articles"."body_en") like $6
  )
order by
  "help_articles"."sort",
  "help_articles"."id";

-- publishedArticle: by slug
select
  "help_articles".*,
  "editor"."username" as "updated_by_name"
from
  "help_articles"
  left join "users" as "editor" on "editor"."id" = "help_articles"."updated_by"
where
  "help_articles"."slug" = $1
  and "help_articles"."published" = $2;

-- slugTaken: by any article
select
  "id"
from
  "help_articles"
where
  "slug" = $1;

-- slugTaken: by another article
select
  "id"
from
  "help_articles"
where
  "slug" = $1
  and "id" != $2;

-- insertArticle: an article
insert into
  "help_articles" (
    "slug",
    "category",
    "title_zh",
    "title_en",
    "body_zh",
    "body_en",
    "published",
    "sort",
    "updated_by",
    "created_at",
    "updated_at"
  )
values
  ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
returning
  "id";

-- updateArticleRow: an article
update "help_articles"
set
  "slug" = $1,
  "category" = $2,
  "title_zh" = $3,
  "title_en" = $4,
  "body_zh" = $5,
  "body_en" = $6,
  "published" = $7,
  "sort" = $8,
  "updated_by" = $9,
  "updated_at" = $10
where
  "id" = $11;

-- deleteArticleRow: by id
delete from "help_articles"
where
  "id" = $1;

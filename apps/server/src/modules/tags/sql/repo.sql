-- The SQL of modules/tags/repo.ts, made from test/sql/modules/tags.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- listTags: a merchant
select
  "id",
  "name",
  "color"
from
  "tags"
where
  "user_id" = $1
order by
  "name";

-- saveTag: a new tag
insert into
  "tags" ("name", "color", "user_id", "created_at")
values
  ($1, $2, $3, $4)
returning
  "id",
  "name",
  "color";

-- saveTag: a changed tag
update "tags"
set
  "name" = $1,
  "color" = $2
where
  "id" = $3
  and "user_id" = $4
returning
  "id",
  "name",
  "color";

-- deleteTags: two own tags (1 of 3)
select
  "id"
from
  "tags"
where
  "user_id" = $1
  and "id" in ($2, $3);

-- deleteTags: two own tags (2 of 3)
delete from "order_tags"
where
  "tag_id" in ($1, $2);

-- deleteTags: two own tags (3 of 3)
delete from "tags"
where
  "id" in ($1, $2);

-- checkOwnTags: two own tags
select
  "id"
from
  "tags"
where
  "user_id" = $1
  and "id" in ($2, $3);

-- addOrderTags: two pairs
insert into
  "order_tags" ("order_id", "tag_id")
values
  ($1, $2),
  ($3, $4)
on conflict ("order_id", "tag_id") do nothing;

-- removeOrderTags: a tag of two orders
delete from "order_tags"
where
  "order_id" in ($1, $2)
  and "tag_id" in ($3);

-- tagsOfOrders: two orders
select
  "order_tags"."order_id",
  "tags"."id",
  "tags"."name",
  "tags"."color"
from
  "order_tags"
  inner join "tags" on "tags"."id" = "order_tags"."tag_id"
where
  "order_tags"."order_id" in ($1, $2)
order by
  "tags"."name";

-- tagIdsOfOrders: two orders
select
  "order_tags"."order_id",
  "tags"."id",
  "tags"."name",
  "tags"."color"
from
  "order_tags"
  inner join "tags" on "tags"."id" = "order_tags"."tag_id"
where
  "order_tags"."order_id" in ($1, $2)
order by
  "tags"."name";

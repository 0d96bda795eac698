-- The SQL of modules/access/repo.ts, made from test/sql/modules/access.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- listRolesWithCodes: every role (1 of 3)
select
  *
from
  "roles"
order by
  "id";

-- listRolesWithCodes: every role (2 of 3)
select
  "role_resources"."role_id",
  "resources"."code"
from
  "role_resources"
  inner join "resources" on "resources"."id" = "role_resources"."resource_id";

-- listRolesWithCodes: every role (3 of 3)
select
  "role_id",
  count(*) as "n"
from
  "user_roles"
group by
  "role_id";

-- rolesOfUsers: two users
select
  "user_roles"."user_id",
  "roles"."id",
  "roles"."code"
from
  "user_roles"
  inner join "roles" on "roles"."id" = "user_roles"."role_id"
where
  "user_roles"."user_id" in ($1, $2)
order by
  "roles"."id";

-- rolesByIds: two roles
select
  "id",
  "code"
from
  "roles"
where
  "id" in ($1, $2);

-- codesOfRoles: two roles
select distinct
  "resources"."code"
from
  "role_resources"
  inner join "resources" on "resources"."id" = "role_resources"."resource_id"
where
  "role_resources"."role_id" in ($1, $2);

-- countActiveAdministrators: all
select
  count(distinct "users"."id") as "n"
from
  "user_roles"
  inner join "roles" on "roles"."id" = "user_roles"."role_id"
  inner join "users" on "users"."id" = "user_roles"."user_id"
where
  "roles"."code" = $1
  and "users"."status" = $2;

-- assertAnAdministratorRemains: one remains
select
  count(distinct "users"."id") as "n"
from
  "user_roles"
  inner join "roles" on "roles"."id" = "user_roles"."role_id"
  inner join "users" on "users"."id" = "user_roles"."user_id"
where
  "roles"."code" = $1
  and "users"."status" = $2;

-- activeHoldersOf: a resource
select distinct
  "users"."id"
from
  "user_roles"
  inner join "role_resources" on "role_resources"."role_id" = "user_roles"."role_id"
  inner join "resources" on "resources"."id" = "role_resources"."resource_id"
  inner join "users" on "users"."id" = "user_roles"."user_id"
where
  "resources"."code" = $1
  and "users"."status" = $2
order by
  "users"."id";

-- findRole: by id
select
  *
from
  "roles"
where
  "id" = $1;

-- insertRole: a new role
insert into
  "roles" (
    "code",
    "name",
    "description",
    "built_in",
    "created_at"
  )
values
  ($1, $2, $3, $4, $5)
on conflict ("code") do nothing
returning
  "id";

-- setRoleFields: name and description
update "roles"
set
  "name" = $1,
  "description" = $2
where
  "id" = $3;

-- setRoleResources: two codes (1 of 3)
delete from "role_resources"
where
  "role_id" = $1;

-- setRoleResources: two codes (2 of 3)
select
  "id"
from
  "resources"
where
  "code" in ($1, $2);

-- setRoleResources: two codes (3 of 3)
insert into
  "role_resources" ("role_id", "resource_id")
values
  ($1, $2),
  ($3, $4);

-- setRoleResources: none
delete from "role_resources"
where
  "role_id" = $1;

-- countRoleHolders: a role
select
  count(*) as "n"
from
  "user_roles"
where
  "role_id" = $1;

-- roleHolderPage: first page (1 of 2)
select
  "users"."id",
  "users"."username",
  "users"."name",
  "users"."kind",
  "users"."status",
  "users"."deleted_at"
from
  "user_roles"
  inner join "users" on "users"."id" = "user_roles"."user_id"
where
  "user_roles"."role_id" = $1
order by
  "users"."username"
limit
  $2
offset
  $3;

-- roleHolderPage: first page (2 of 2)
select
  count(*) as "n"
from
  "user_roles"
  inner join "users" on "users"."id" = "user_roles"."user_id"
where
  "user_roles"."role_id" = $1;

-- removeRole: a role (1 of 2)
delete from "role_resources"
where
  "role_id" = $1;

-- removeRole: a role (2 of 2)
delete from "roles"
where
  "id" = $1;

-- seedAccess: a fresh install (1 of 5)
insert into
  "resources" ("code", "category", "name")
values
  ($1, $2, $3),
  ($4, $5, $6),
  ($7, $8, $9),
  ($10, $11, $12),
  ($13, $14, $15),
  ($16, $17, $18),
  ($19, $20, $21),
  ($22, $23, $24),
  ($25, $26, $27),
  ($28, $29, $30),
  ($31, $32, $33),
  ($34, $35, $36),
  ($37, $38, $39),
  ($40, $41, $42),
  ($43, $44, $45),
  ($46, $47, $48),
  ($49, $50, $51),
  ($52, $53, $54),
  ($55, $56, $57),
  ($58, $59, $60),
  ($61, $62, $63),
  ($64, $65, $66),
  ($67, $68, $69),
  ($70, $71, $72)
on conflict ("code") do nothing;

-- seedAccess: a fresh install (2 of 5)
insert into
  "roles" ("code", "name", "built_in", "created_at")
values
  ($1, $2, $3, $4),
  ($5, $6, $7, $8),
  ($9, $10, $11, $12),
  ($13, $14, $15, $16),
  ($17, $18, $19, $20),
  ($21, $22, $23, $24),
  ($25, $26, $27, $28)
on conflict ("code") do nothing;

-- seedAccess: a fresh install (3 of 5)
select
  "id",
  "code"
from
  "resources";

-- seedAccess: a fresh install (4 of 5)
select
  "id",
  "code"
from
  "roles";

-- seedAccess: a fresh install (5 of 5)
insert into
  "role_resources" ("role_id", "resource_id")
values
  (default, default),
  (default, default),
  (default, default),
  (default, default),
  (default, default),
  (default, default),
  (default, default),
  ($1, default),
  ($2, default),
  ($3, default),
  ($4, default),
  ($5, default),
  ($6, default),
  ($7, default),
  ($8, default),
  ($9, default),
  ($10, default),
  ($11, default),
  ($12, default),
  ($13, default),
  ($14, default),
  ($15, default),
  ($16, default),
  ($17, default),
  ($18, $19),
  ($20, default),
  ($21, default),
  ($22, default),
  ($23, default),
  ($24, default),
  (default, default),
  (default, default),
  (default, $25),
  (default, default),
  (default, default),
  (default, default),
  (default, default),
  (default, default),
  (default, default),
  (default, default),
  (default, default),
  (default, default),
  (default, default),
  (default, default),
  (default, $26),
  (default, default),
  (default, default),
  (default, default),
  (default, default),
  (default, default),
  (default, default),
  (default, default),
  (default, default),
  (default, default),
  (default, default),
  (default, default),
  (default, default),
  (default, default),
  (default, default),
  (default, default),
  (default, default),
  (default, default)
on conflict ("role_id", "resource_id") do nothing;

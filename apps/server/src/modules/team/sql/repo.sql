-- The SQL of modules/team/repo.ts, made from test/sql/modules/team.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- activeMembership: a member
select
  "id",
  "permissions"
from
  "team_members"
where
  "user_id" = $1
  and "member_id" = $2
  and "accepted_at" is not null;

-- membershipOfMember: a member
select
  *
from
  "team_members"
where
  "member_id" = $1;

-- membersOf: a merchant
select
  "team_members"."id",
  "team_members"."user_id",
  "team_members"."member_id",
  "team_members"."email",
  "team_members"."permissions",
  "team_members"."invite_expires_at",
  "team_members"."invited_at",
  "team_members"."accepted_at",
  "users"."name"
from
  "team_members"
  inner join "users" on "users"."id" = "team_members"."member_id"
where
  "team_members"."user_id" = $1
order by
  "team_members"."id";

-- memberOf: by id
select
  "team_members"."id",
  "team_members"."user_id",
  "team_members"."member_id",
  "team_members"."email",
  "team_members"."permissions",
  "team_members"."invite_expires_at",
  "team_members"."invited_at",
  "team_members"."accepted_at",
  "users"."name"
from
  "team_members"
  inner join "users" on "users"."id" = "team_members"."member_id"
where
  "team_members"."user_id" = $1
  and "team_members"."id" = $2;

-- countMembers: a merchant
select
  count(*) as "n"
from
  "team_members"
where
  "user_id" = $1;

-- insertMember: an invitation
insert into
  "team_members" (
    "user_id",
    "member_id",
    "email",
    "permissions",
    "invite_hash",
    "invite_expires_at",
    "invited_at"
  )
values
  ($1, $2, $3, $4, $5, $6, $7)
returning
  "id";

-- setPermissions: two permissions
update "team_members"
set
  "permissions" = $1
where
  "id" = $2;

-- setInvitation: sent again
update "team_members"
set
  "invite_hash" = $1,
  "invite_expires_at" = $2,
  "invited_at" = $3
where
  "id" = $4
  and "accepted_at" is null;

-- consumeInvitation: accepted
update "team_members"
set
  "invite_hash" = $1,
  "invite_expires_at" = $2,
  "accepted_at" = $3
where
  "invite_hash" = $4
  and "invite_expires_at" > $5
  and "accepted_at" is null
returning
  "id",
  "user_id",
  "member_id",
  "email";

-- deleteMember: by id
delete from "team_members"
where
  "id" = $1;

-- changeRows: any account
select
  "user_logs"."id",
  "user_logs"."actor_id",
  "actor"."username" as "actor",
  "actor"."kind" as "actor_kind",
  "user_logs"."method",
  "user_logs"."path",
  "user_logs"."status_code",
  "user_logs"."before",
  "user_logs"."after",
  "user_logs"."created_at"
from
  "user_logs"
  left join "users" as "actor" on "actor"."id" = "user_logs"."actor_id"
where
  "user_logs"."subject_id" = $1
  and "user_logs"."status_code" < $2
order by
  "user_logs"."id" desc
limit
  $3
offset
  $4;

-- changeRows: own
select
  "user_logs"."id",
  "user_logs"."actor_id",
  "actor"."username" as "actor",
  "actor"."kind" as "actor_kind",
  "user_logs"."method",
  "user_logs"."path",
  "user_logs"."status_code",
  "user_logs"."before",
  "user_logs"."after",
  "user_logs"."created_at"
from
  "user_logs"
  left join "users" as "actor" on "actor"."id" = "user_logs"."actor_id"
where
  "user_logs"."subject_id" = $1
  and "user_logs"."subject_id" = $2
  and "user_logs"."status_code" < $3
order by
  "user_logs"."id" desc
limit
  $4
offset
  $5;

-- countChanges: any account
select
  count(*) as "n"
from
  "user_logs"
where
  "user_logs"."subject_id" = $1
  and "user_logs"."status_code" < $2;

-- countChanges: own
select
  count(*) as "n"
from
  "user_logs"
where
  "user_logs"."subject_id" = $1
  and "user_logs"."subject_id" = $2
  and "user_logs"."status_code" < $3;

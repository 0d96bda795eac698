-- The SQL of modules/tracking/pace-repo.ts, made from test/sql/modules/tracking.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- takePaceTurn: the provider already paced
update "provider_paces"
set
  "next_at" = (
    case
      when next_at > $1 then next_at
      else $2
    end
  ) + $3
where
  "provider" = $4
returning
  "next_at";

-- takePaceTurn: its first call (1 of 3)
update "provider_paces"
set
  "next_at" = (
    case
      when next_at > $1 then next_at
      else $2
    end
  ) + $3
where
  "provider" = $4
returning
  "next_at";

-- takePaceTurn: its first call (2 of 3)
insert into
  "provider_paces" ("provider")
values
  ($1)
on conflict ("provider") do nothing;

-- takePaceTurn: its first call (3 of 3)
update "provider_paces"
set
  "next_at" = (
    case
      when next_at > $1 then next_at
      else $2
    end
  ) + $3
where
  "provider" = $4
returning
  "next_at";

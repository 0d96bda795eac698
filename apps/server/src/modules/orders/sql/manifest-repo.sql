-- The SQL of modules/orders/manifest-repo.ts, made from test/sql/modules/orders.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- manifestFiles: two forms
select
  "id",
  "file_name"
from
  "carrier_manifests"
where
  "id" in ($1, $2);

-- recordManifest: a form of two parcels (1 of 4)
begin;

-- recordManifest: a form of two parcels (2 of 4)
insert into
  "carrier_manifests" (
    "channel_id",
    "user_id",
    "upstream_id",
    "file_name",
    "created_at"
  )
values
  ($1, $2, $3, $4, $5)
returning
  "id";

-- recordManifest: a form of two parcels (3 of 4)
update "parcels"
set
  "carrier_manifest_id" = $1,
  "carrier_form_asked_at" = $2
where
  "id" in ($3, $4);

-- recordManifest: a form of two parcels (4 of 4)
commit;

-- markAsked: all of them (1 of 3)
begin;

-- markAsked: all of them (2 of 3)
update "parcels"
set
  "carrier_form_asked_at" = $1
where
  "id" in ($2, $3)
  and "carrier_manifest_id" is null
  and "carrier_form_asked_at" is null;

-- markAsked: all of them (3 of 3)
commit;

-- markAsked: one taken already (1 of 3)
begin;

-- markAsked: one taken already (2 of 3)
update "parcels"
set
  "carrier_form_asked_at" = $1
where
  "id" in ($2, $3)
  and "carrier_manifest_id" is null
  and "carrier_form_asked_at" is null;

-- markAsked: one taken already (3 of 3)
rollback;

-- releaseAsked: two parcels
update "parcels"
set
  "carrier_form_asked_at" = $1
where
  "id" in ($2, $3);

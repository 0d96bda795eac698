-- The SQL of modules/attachments/blobs-repo.ts, made from test/sql/modules/attachments.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- insertFileBlob: a file
insert into
  "file_blobs" ("name", "bytes", "size", "created_at")
values
  ($1, $2, $3, $4);

-- fileBlobBytes: by name
select
  "bytes"
from
  "file_blobs"
where
  "name" = $1;

-- deleteFileBlob: by name
delete from "file_blobs"
where
  "name" = $1;

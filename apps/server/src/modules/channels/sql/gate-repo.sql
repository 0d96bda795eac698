-- The SQL of modules/channels/gate-repo.ts, made from test/sql/modules/channels.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- gateRow: a channel seen first (1 of 3)
select
  "second_start",
  "second_count",
  "minute_start",
  "minute_count",
  "prev_minute_count",
  "hour_start",
  "hour_count",
  "failures",
  "paused_until",
  "auth_failed_at",
  "auth_error"
from
  "channel_gates"
where
  "channel_id" = $1;

-- gateRow: a channel seen first (2 of 3)
insert into
  "channel_gates" ("channel_id")
values
  ($1)
on conflict ("channel_id") do nothing;

-- gateRow: a channel seen first (3 of 3)
select
  "second_start",
  "second_count",
  "minute_start",
  "minute_count",
  "prev_minute_count",
  "hour_start",
  "hour_count",
  "failures",
  "paused_until",
  "auth_failed_at",
  "auth_error"
from
  "channel_gates"
where
  "channel_id" = $1;

-- takeTurn: every limit
update "channel_gates"
set
  "second_start" = $1,
  "second_count" = case
    when "second_start" = $2 then "second_count" + $3
    else 1
  end,
  "minute_start" = $4,
  "prev_minute_count" = (
    case
      when minute_start = $5 then prev_minute_count
      when minute_start = $6 then minute_count
      else 0
    end
  ),
  "minute_count" = (
    case
      when minute_start = $7 then minute_count
      else 0
    end
  ) + 1,
  "hour_start" = $8,
  "hour_count" = case
    when "hour_start" = $9 then "hour_count" + $10
    else 1
  end
where
  "channel_id" = $11
  and (
    "second_start" <> $12
    or "second_count" < $13
  )
  and (
    case
      when minute_start = $14 then prev_minute_count
      when minute_start = $15 then minute_count
      else 0
    end
  ) * cast($16 as double precision) + (
    case
      when minute_start = $17 then minute_count
      else 0
    end
  ) + 1 <= $18
  and (
    "hour_start" <> $19
    or "hour_count" < $20
  );

-- takeTurn: no limit
update "channel_gates"
set
  "second_start" = $1,
  "second_count" = case
    when "second_start" = $2 then "second_count" + $3
    else 1
  end,
  "minute_start" = $4,
  "prev_minute_count" = (
    case
      when minute_start = $5 then prev_minute_count
      when minute_start = $6 then minute_count
      else 0
    end
  ),
  "minute_count" = (
    case
      when minute_start = $7 then minute_count
      else 0
    end
  ) + 1,
  "hour_start" = $8,
  "hour_count" = case
    when "hour_start" = $9 then "hour_count" + $10
    else 1
  end
where
  "channel_id" = $11;

-- claimProbe: a paused channel
update "channel_gates"
set
  "paused_until" = $1
where
  "channel_id" = $2
  and "paused_until" = $3;

-- countFailure: a channel
update "channel_gates"
set
  "failures" = "failures" + $1,
  "paused_until" = case
    when "failures" + $2 >= $3 then $4
    else "paused_until"
  end
where
  "channel_id" = $5;

-- clearFailures: an answer carried out
update "channel_gates"
set
  "failures" = $1,
  "paused_until" = $2,
  "auth_failed_at" = $3,
  "auth_error" = $4
where
  "channel_id" = $5
  and (
    "failures" > $6
    or "paused_until" > $7
    or "auth_failed_at" is not null
  );

-- clearFailures: a request refused
update "channel_gates"
set
  "failures" = $1,
  "paused_until" = $2
where
  "channel_id" = $3
  and (
    "failures" > $4
    or "paused_until" > $5
  );

-- markAuthFailed: a channel
update "channel_gates"
set
  "auth_failed_at" = $1,
  "auth_error" = $2
where
  "channel_id" = $3
  and "auth_failed_at" is null;

-- ensureSlots: four slots
insert into
  "channel_slots" ("channel_id", "slot")
values
  ($1, $2),
  ($3, $4),
  ($5, $6),
  ($7, $8)
on conflict ("channel_id", "slot") do nothing;

-- holdSlot: one free slot (1 of 2)
select
  "slot"
from
  "channel_slots"
where
  "channel_id" = $1
  and "slot" < $2
  and "held_until" < $3
limit
  $4;

-- holdSlot: one free slot (2 of 2)
update "channel_slots"
set
  "held_until" = $1,
  "holder" = $2
where
  "channel_id" = $3
  and "slot" = $4
  and "held_until" < $5;

-- freeSlot: a slot
update "channel_slots"
set
  "held_until" = $1,
  "holder" = $2
where
  "channel_id" = $3
  and "slot" = $4
  and "holder" = $5;

-- gateRows: every channel
select
  "channel_id",
  "second_start",
  "second_count",
  "minute_start",
  "minute_count",
  "prev_minute_count",
  "hour_start",
  "hour_count",
  "failures",
  "paused_until",
  "auth_failed_at",
  "auth_error"
from
  "channel_gates";

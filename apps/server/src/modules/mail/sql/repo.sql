-- The SQL of modules/mail/repo.ts, made from test/sql/modules/mail.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- outboxPage: every mail (1 of 2)
select
  *
from
  "mail_outbox"
order by
  "id" desc
limit
  $1
offset
  $2;

-- outboxPage: every mail (2 of 2)
select
  count(*) as "total"
from
  "mail_outbox";

-- outboxPage: to one recipient (1 of 2)
select
  *
from
  "mail_outbox"
where
  "recipient" = $1
order by
  "id" desc
limit
  $2
offset
  $3;

-- outboxPage: to one recipient (2 of 2)
select
  count(*) as "total"
from
  "mail_outbox"
where
  "recipient" = $1;

-- keepMail: a mail
insert into
  "mail_outbox" (
    "recipient",
    "subject",
    "body",
    "redacted_body",
    "created_at"
  )
values
  ($1, $2, $3, $4, $5)
returning
  "id";

-- markMailSent: by id
update "mail_outbox"
set
  "sent_at" = $1
where
  "id" = $2;

-- markMailFailed: by id
update "mail_outbox"
set
  "error" = $1
where
  "id" = $2;

-- waitingMails: every recipient
select
  "recipient",
  "subject",
  "body",
  "created_at"
from
  "mail_outbox"
where
  "sent_at" is null
order by
  "id" desc
limit
  $1;

-- waitingMails: one recipient
select
  "recipient",
  "subject",
  "body",
  "created_at"
from
  "mail_outbox"
where
  "sent_at" is null
  and "recipient" = $1
order by
  "id" desc
limit
  $2;

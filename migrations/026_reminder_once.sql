-- A dues reminder is recorded once per tap: the staff app makes a key for each reminder it sends
-- (Idempotency-Key), so a double tap, or a retry after an answer lost on a weak connection, finds
-- the reminder already recorded instead of recording a second one. A reminder also goes by e-mail
-- where the student record has an address; the row keeps whether it did, so a retry says the same.
alter table fee_reminders
  add column idempotency_key uuid,
  add column emailed boolean not null default false;
create unique index fee_reminders_idempotency_key on fee_reminders (idempotency_key);

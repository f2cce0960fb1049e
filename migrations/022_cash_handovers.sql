-- The cash book: each member of staff's day of takings (the receipts they made that India day, the
-- refunds they paid) and the cash they hand over to the Owner. A hand-over is recorded once per
-- member of staff and day; it keeps the cash the book expected when it was counted, so a later
-- change to that day (a receipt cancelled after the hand-over) shows as a difference, never as a
-- rewritten record. Every amount is whole paise.
create table cash_handovers (
  id                bigserial primary key,
  -- Whose cash it is (who handed it over) and the India day it belongs to.
  staff_id          uuid references staff (id) on delete set null,
  staff_name        text not null,
  day               date not null,
  -- The cash the book expected (cash received − cash refunds paid) when the Owner counted it.
  expected_paise    bigint not null,
  -- The cash counted; a difference from the expected cash needs its reason.
  counted_paise     bigint not null check (counted_paise >= 0),
  reason            text check (length(reason) between 1 and 300),
  -- The Owner who received and counted it, and when.
  received_by       uuid references staff (id) on delete set null,
  received_by_name  text not null,
  handed_at         timestamptz not null default now(),
  idempotency_key   text unique,
  check ((counted_paise = expected_paise) or reason is not null)
);
create unique index cash_handovers_staff_day_key on cash_handovers (staff_id, day);
create index cash_handovers_day_idx on cash_handovers (day);

-- The cash book reads receipts by the moment they were made (an India day is a range of time) and
-- by the moment they were cancelled; the month's book (20,000 receipts) reads them in one range.
create index fee_receipts_created_at_idx on fee_receipts (created_at);
create index fee_receipts_cancelled_at_idx on fee_receipts (cancelled_at) where cancelled_at is not null;

-- Refunds: money the office returns to a student (a course that did not start, an overpayment, an
-- advance). Fees are not refundable by default (the Terms); a refund is an exception an Owner
-- approves. It is its own document, a voucher with a serial per financial year, and never edits
-- the receipt it returns money from: the receipt keeps its number and figures, and the collection
-- reports of the day the refund was paid count it against that day's takings.
-- Every amount is whole paise.

-- Voucher numbers run from 1 in each financial year (April–March, India's days), like receipts.
create table fee_refund_counters (
  financial_year  text primary key,
  last_number     integer not null
);

create table fee_refunds (
  id                 bigserial primary key,
  student_id         bigint not null references students (id) on delete restrict,
  -- What it returns money from: a receipt (part or all of what it paid) or the advance it held.
  receipt_id         bigint not null references fee_receipts (id) on delete restrict,
  returns            text not null check (returns in ('receipt', 'advance')),
  amount_paise       bigint not null check (amount_paise > 0),
  reason             text not null check (length(reason) between 1 and 500),
  -- requested → approved (Owner) → paid (the voucher is issued), or requested → declined (Owner).
  status             text not null default 'requested' check (status in ('requested', 'approved', 'paid', 'declined')),
  requested_by       uuid references staff (id) on delete set null,
  requested_by_name  text not null,
  requested_at       timestamptz not null default now(),
  decided_by         uuid references staff (id) on delete set null,
  decided_by_name    text,
  decided_at         timestamptz,
  declined_reason    text,
  -- The voucher, once the money has gone back: its number, how and when it was paid, by whom.
  number             text unique check (length(number) <= 20),
  financial_year     text,
  mode               text check (mode in ('cash', 'upi', 'bank', 'cheque')),
  utr                text check (utr ~ '^[0-9]{12}$'),
  cheque_number      text,
  paid_on            date,
  paid_by            uuid references staff (id) on delete set null,
  paid_by_name       text,
  -- The voucher's words and figures as issued (student, course, receipt number, amounts): a
  -- voucher once issued never changes, whatever happens to the records it names.
  snapshot           jsonb,
  idempotency_key    text unique,
  created_at         timestamptz not null default now(),
  check ((status in ('approved', 'paid', 'declined')) = (decided_at is not null)),
  check ((status = 'declined') = (declined_reason is not null)),
  check ((status = 'paid') = (number is not null and paid_on is not null and mode is not null and financial_year is not null)),
  check (mode is null or (mode in ('upi', 'bank')) = (utr is not null)),
  check (mode is null or (mode = 'cheque') = (cheque_number is not null))
);
create index fee_refunds_student_idx on fee_refunds (student_id);
create index fee_refunds_receipt_idx on fee_refunds (receipt_id);
create index fee_refunds_paid_on_idx on fee_refunds (paid_on) where status = 'paid';
create index fee_refunds_open_idx on fee_refunds (requested_at) where status in ('requested', 'approved');

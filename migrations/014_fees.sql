-- The office's fees: a plan per course or batch with its instalments, each student's dues made from
-- the plan when they join a batch, receipts (never deleted: a cancelled receipt keeps its number),
-- UPI payments a student reports with their UTR for staff to confirm, and the reminders sent.
-- Every amount is whole paise in a bigint, never a fraction.

-- A fee plan: for a course (every batch of it) or for one batch (which then overrides the course's).
create table fee_plans (
  id              bigserial primary key,
  course_id       bigint references courses (id) on delete cascade,
  batch_id        bigint references batches (id) on delete cascade,
  total_paise     bigint not null check (total_paise > 0),
  -- Added once to an instalment not paid by its due day plus the grace days (0: no late fee).
  late_fee_paise  bigint not null default 0 check (late_fee_paise >= 0),
  grace_days      integer not null default 0 check (grace_days between 0 and 90),
  created_at      timestamptz not null default now(),
  updated_at      timestamptz not null default now(),
  version         integer not null default 1,
  check ((course_id is null) <> (batch_id is null))
);
create unique index fee_plans_course_key on fee_plans (course_id) where course_id is not null;
create unique index fee_plans_batch_key on fee_plans (batch_id) where batch_id is not null;

-- A plan's instalments, in order; their amounts add up to the plan's total (checked when saved).
-- Each falls due on a fixed day (`due_on`) or a number of months after the student's start
-- (`due_months`: the later of the batch's first day and the day the student joined; 0 is the start).
create table fee_plan_instalments (
  plan_id       bigint not null references fee_plans (id) on delete cascade,
  seq           integer not null check (seq between 1 and 36),
  amount_paise  bigint not null check (amount_paise > 0),
  due_on        date,
  due_months    integer check (due_months between 0 and 36),
  primary key (plan_id, seq),
  check ((due_on is null) <> (due_months is null))
);

-- What a student owes: one row per instalment, made from the plan when they join a batch (or added
-- by staff). `paid_paise` is kept by the receipts' allocations under this row's lock; the balance
-- is amount - discount + the late fee once it applies - paid. A late fee applies when the due is
-- not settled (paid up to amount - discount) by due_on + grace_days; `settled_on` is the day it was.
create table fee_dues (
  id               bigserial primary key,
  -- The reference a UPI payment carries (tr) and the office quotes: e.g. D000123.
  reference        text not null unique,
  student_id       bigint not null references students (id) on delete restrict,
  batch_id         bigint references batches (id) on delete set null,
  course_id        bigint references courses (id) on delete set null,
  plan_id          bigint references fee_plans (id) on delete set null,
  seq              integer not null,
  -- 'Instalment 2 of 3' or what staff named an added due; kept so a receipt reads the same later.
  label            text not null,
  amount_paise     bigint not null check (amount_paise >= 0),
  discount_paise   bigint not null default 0 check (discount_paise >= 0),
  discount_reason  text,
  late_fee_paise   bigint not null default 0 check (late_fee_paise >= 0),
  grace_days       integer not null default 0 check (grace_days between 0 and 90),
  paid_paise       bigint not null default 0 check (paid_paise >= 0),
  due_on           date not null,
  settled_on       date,
  -- A due no longer owed (the student left before it fell due): kept, with the reason.
  waived_at        timestamptz,
  waived_reason    text,
  created_at       timestamptz not null default now(),
  updated_at       timestamptz not null default now(),
  version          integer not null default 1,
  check (discount_paise <= amount_paise),
  check ((discount_paise = 0) = (discount_reason is null))
);
create index fee_dues_student_idx on fee_dues (student_id, due_on);
create index fee_dues_batch_idx on fee_dues (batch_id);
create index fee_dues_open_idx on fee_dues (due_on) where settled_on is null and waived_at is null;
create sequence fee_due_reference_seq;

-- Receipt numbers run from 1 in each financial year (April–March, India's days): PCI/26-27/00042.
create table fee_receipt_counters (
  financial_year  text primary key,
  last_number     integer not null
);

-- A receipt: money received from a student. Never deleted; cancelling keeps the number and the
-- reason and returns its allocations to the dues.
create table fee_receipts (
  id               bigserial primary key,
  number           text not null unique check (length(number) <= 16),
  financial_year   text not null,
  student_id       bigint not null references students (id) on delete restrict,
  amount_paise     bigint not null check (amount_paise > 0),
  -- The part of the amount beyond the dues it paid (an advance staff allowed explicitly).
  advance_paise    bigint not null default 0 check (advance_paise >= 0),
  mode             text not null check (mode in ('cash', 'upi', 'bank', 'cheque')),
  -- The 12-digit UTR of a UPI or bank payment; one receipt per UTR (a cancelled one frees it).
  utr              text check (utr ~ '^[0-9]{12}$'),
  cheque_number    text,
  paid_on          date not null,
  received_by      uuid references staff (id) on delete set null,
  received_by_name text not null,
  -- The tax invoice's figures when content/site.json gave a GSTIN at the time (else null).
  tax              jsonb,
  idempotency_key  text unique,
  created_at       timestamptz not null default now(),
  cancelled_at     timestamptz,
  cancelled_by     uuid references staff (id) on delete set null,
  cancelled_reason text,
  check ((mode in ('upi', 'bank')) = (utr is not null)),
  check ((cancelled_at is null) = (cancelled_reason is null))
);
create unique index fee_receipts_utr_key on fee_receipts (utr) where utr is not null and cancelled_at is null;
create index fee_receipts_student_idx on fee_receipts (student_id, paid_on desc);
create index fee_receipts_paid_on_idx on fee_receipts (paid_on);

-- Which dues a receipt paid, and how much of each.
create table fee_allocations (
  receipt_id    bigint not null references fee_receipts (id) on delete restrict,
  due_id        bigint not null references fee_dues (id) on delete restrict,
  amount_paise  bigint not null check (amount_paise > 0),
  primary key (receipt_id, due_id)
);
create index fee_allocations_due_idx on fee_allocations (due_id);

-- A UPI payment a student reports from /account with its UTR: staff check the bank statement and
-- confirm it (a receipt) or reject it with a reason the student sees.
create table fee_upi_claims (
  id             bigserial primary key,
  student_id     bigint not null references students (id) on delete restrict,
  due_id         bigint not null references fee_dues (id) on delete restrict,
  user_id        uuid references users (id) on delete set null,
  amount_paise   bigint not null check (amount_paise > 0),
  utr            text not null check (utr ~ '^[0-9]{12}$'),
  paid_on        date not null,
  status         text not null default 'pending' check (status in ('pending', 'confirmed', 'rejected')),
  reason         text,
  decided_by     uuid references staff (id) on delete set null,
  decided_at     timestamptz,
  receipt_id     bigint references fee_receipts (id) on delete restrict,
  created_at     timestamptz not null default now(),
  check ((status = 'rejected') = (reason is not null)),
  check ((status = 'confirmed') = (receipt_id is not null))
);
create unique index fee_upi_claims_utr_key on fee_upi_claims (utr) where status <> 'rejected';
create index fee_upi_claims_pending_idx on fee_upi_claims (created_at) where status = 'pending';
create index fee_upi_claims_student_idx on fee_upi_claims (student_id);

-- A reminder of a due sent by staff (the WhatsApp link opened from Today).
create table fee_reminders (
  id        bigserial primary key,
  due_id    bigint not null references fee_dues (id) on delete cascade,
  staff_id  uuid references staff (id) on delete set null,
  channel   text not null check (channel in ('whatsapp')),
  language  text not null check (language in ('en', 'hi')),
  sent_at   timestamptz not null default now()
);
create index fee_reminders_due_idx on fee_reminders (due_id, sent_at desc);

-- Mail to a student (kind 'student', to the student record's address): the link to their receipt
-- on /account, never the receipt itself (the address may not be verified).
alter table mail_outbox drop constraint mail_outbox_kind_check;
alter table mail_outbox drop constraint mail_outbox_recipient_check;
alter table mail_outbox
  add constraint mail_outbox_kind_check check (kind in ('lead', 'alert', 'staff', 'applicant', 'student')),
  add constraint mail_outbox_recipient_check check ((kind in ('staff', 'applicant', 'student')) = (recipient is not null));

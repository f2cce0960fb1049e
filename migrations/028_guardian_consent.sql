-- Children's data and consent (DPDP Act 2023 s.6, s.9; Rules 2025 r.10; decision 053).
--
-- `consents`: one row per purpose a person (or a child's guardian) agreed to, with how, when and
-- to which notice version and language. Kept as proof (seven years after a withdrawal) even when
-- what it covered is erased; so its links are `on delete set null`.
-- `held_submissions`: an under-18's form, sealed (AES-256-GCM, functions/_shared/platform/sealed.ts)
-- until a parent or guardian consents, deleted with its uploads by housekeeping when nobody did.

create table consents (
  id                bigserial primary key,
  person_id         bigint references people (id) on delete set null,
  lead_id           bigint references leads (id) on delete set null,
  user_id           uuid references users (id) on delete set null,
  student_id        bigint references students (id) on delete set null,
  given_by          text not null check (given_by in ('self', 'guardian')),
  -- service: handle the enquiry, application or account; updates: messages about it; marketing: offers.
  purpose           text not null check (purpose in ('service', 'updates', 'marketing')),
  guardian_name     text,
  guardian_relation text check (guardian_relation in ('mother', 'father', 'guardian')),
  guardian_email    text,
  guardian_phone    text,
  -- Updates on WhatsApp to the guardian's mobile (only when they agreed to it).
  whatsapp          boolean not null default false,
  method            text not null check (method in ('form', 'email-code', 'office')),
  staff_id          uuid references staff (id) on delete set null,
  staff_name        text,
  -- The kind of identity document staff saw at the office (never its number).
  document          text check (document in ('aadhaar', 'pan', 'voter-id', 'driving-licence', 'passport', 'ration-card', 'other')),
  notice_form       text not null,
  notice_version    text not null,
  language          text not null check (language in ('en', 'hi')),
  given_at          timestamptz not null default now(),
  withdrawn_at      timestamptz,
  withdrawn_how     text check (withdrawn_how in ('account', 'staff', 'request')),
  check ((given_by = 'guardian') = (guardian_name is not null)),
  -- Offers are never sent to a child (s.9(3)).
  check (not (given_by = 'guardian' and purpose = 'marketing')),
  check ((method = 'office') = (staff_name is not null)),
  check ((withdrawn_at is null) = (withdrawn_how is null))
);
create index consents_lead_idx on consents (lead_id) where lead_id is not null;
create index consents_user_idx on consents (user_id) where user_id is not null;
create index consents_student_idx on consents (student_id) where student_id is not null;
create index consents_person_idx on consents (person_id) where person_id is not null;
create index consents_withdrawn_idx on consents (purpose) where withdrawn_at is not null;

-- A minor's record and the guardian's consent that let it be kept.
alter table leads add column minor boolean not null default false,
  add column guardian_consent_id bigint references consents (id) on delete set null;
alter table students add column minor boolean not null default false,
  add column guardian_consent_id bigint references consents (id) on delete set null;
alter table users add column minor boolean not null default false,
  add column guardian_consent_id bigint references consents (id) on delete set null;

create table held_submissions (
  id                uuid primary key default gen_random_uuid(),
  -- What the guardian quotes at the office: H-XXXX-XX without 0, O, 1 or I.
  number            text not null unique,
  form              text not null check (form in ('apply', 'contact', 'emitra', 'csc', 'iibf', 'nielit', 'register', 'data-request')),
  -- The request's JSON and what storing it needs later, sealed (context: the hold's id).
  sealed            text not null,
  child_name_sealed text not null,
  guardian_name     text not null,
  guardian_relation text not null check (guardian_relation in ('mother', 'father', 'guardian')),
  guardian_email    text not null,
  guardian_phone    text,
  language          text not null check (language in ('en', 'hi')),
  idempotency_key   uuid unique,
  request_hash      text not null,
  -- An application form's fill: its uploads are kept while the hold lives (document-housekeeping.ts).
  draft             uuid,
  code_hash         text not null,
  code_attempts     integer not null default 0,
  code_sent_at      timestamptz not null default now(),
  created_at        timestamptz not null default now(),
  expires_at        timestamptz not null,
  released_at       timestamptz,
  lead_id           bigint references leads (id) on delete set null,
  user_id           uuid references users (id) on delete set null,
  consent_id        bigint references consents (id) on delete set null
);
create index held_submissions_expires_idx on held_submissions (expires_at) where released_at is null;
create unique index held_submissions_draft_key on held_submissions (draft) where draft is not null;

-- The guardian's code mail: to the guardian, about a hold (deleted with it).
alter table mail_outbox add column held_id uuid references held_submissions (id) on delete cascade;
alter table mail_outbox drop constraint mail_outbox_kind_check;
alter table mail_outbox drop constraint mail_outbox_recipient_check;
alter table mail_outbox
  add constraint mail_outbox_kind_check check (kind in ('lead', 'alert', 'staff', 'applicant', 'student', 'guardian')),
  add constraint mail_outbox_recipient_check check ((kind in ('staff', 'applicant', 'student', 'guardian')) = (recipient is not null));

-- A hold nobody consented to is deleted with its uploads: reason 'no-consent'.
alter table deletion_log drop constraint deletion_log_reason_check;
alter table deletion_log add constraint deletion_log_reason_check check (reason in ('refused', 'orphan', 'replaced', 'retention', 'no-consent'));
alter table uploads drop constraint uploads_delete_reason_check;
alter table uploads add constraint uploads_delete_reason_check check (delete_reason in ('refused', 'orphan', 'replaced', 'retention', 'no-consent'));

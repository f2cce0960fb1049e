-- The application forms (kiosk/e-Mitra, CSC, IIBF, NIELIT) and their documents. An application
-- is a lead of its form's kind, so it joins the inbox with its own pipeline (Submitted →
-- Documents to fix → Verified → Forwarded → Approved / Rejected); what the form asked for is in
-- `applications`, with the ID numbers sealed; the files are in private storage and known here as
-- `uploads` from the moment an upload policy is made, so none can be forgotten.

alter table leads drop constraint leads_kind_check;
alter table leads add constraint leads_kind_check
  check (kind in ('application', 'contact', 'emitra', 'csc', 'iibf', 'nielit'));

alter table leads drop constraint leads_status_check;
alter table leads add constraint leads_status_check
  check (status in ('new', 'contacted', 'interested', 'admitted', 'lost',
                    'submitted', 'documents-to-fix', 'verified', 'forwarded', 'approved', 'rejected'));

-- One row per submitted application form, beside its lead (name, e-mail, mobile, reference and
-- status live on the lead).
create table applications (
  lead_id           bigint primary key references leads (id) on delete cascade,
  form              text not null check (form in ('emitra', 'csc', 'iibf', 'nielit')),
  -- The browser's id for this fill of the form: its uploads carry it, and a second submission
  -- of the same fill finds this row instead of making another.
  draft             uuid not null unique,
  -- Every answer except the ID numbers.
  fields            jsonb not null,
  -- The ID numbers (Aadhaar, PAN, Jan Aadhaar, voter ID, bank accounts) as one sealed JSON
  -- object (functions/_shared/applications/id-vault.ts), bound to this row's draft; null once deleted.
  id_numbers        text,
  -- Which key sealed them (keys rotate: the old ones still open what they sealed).
  id_key            text,
  -- The last four characters of each ID number, all that is ever shown without asking.
  id_masks          jsonb not null default '{}',
  consent_version   text not null,
  consent_at        timestamptz not null,
  -- The outside portal's reference once forwarded.
  portal_reference  text,
  -- Documents to fix: the slots asked for again, staff's note, and the hashed link token.
  fix_slots         text[],
  fix_note          text,
  fix_token_hash    text unique,
  fix_requested_at  timestamptz,
  fix_expires_at    timestamptz,
  -- Approved or rejected: the retention period runs from here.
  closed_at         timestamptz,
  -- The documents and ID numbers were deleted when the retention period ended.
  purged_at         timestamptz
);
create index applications_retention_idx on applications (closed_at) where closed_at is not null and purged_at is null;

-- A file uploaded (or about to be) for an application. The row is written when the upload
-- policy is made, before any byte is sent, so housekeeping knows of every object that may exist.
create table uploads (
  id             uuid primary key,
  -- The form fill it was made for (applications.draft), and which document it is.
  draft          uuid not null,
  form           text not null check (form in ('emitra', 'csc', 'iibf', 'nielit')),
  slot           text not null,
  -- The object's key in storage, chosen by the server.
  key            text not null unique,
  -- The name the file had on the applicant's device (shown to staff, sent as the download name).
  file_name      text not null,
  -- What the policy allows: the type declared by the browser and the largest size.
  declared_type  text not null,
  max_bytes      integer not null,
  created_at     timestamptz not null default now(),
  -- The policy's expiry: no upload can start after it.
  expires_at     timestamptz not null,
  -- Set once the stored bytes were read and found to be what was declared.
  checked_at     timestamptz,
  detected_type  text,
  size           integer,
  -- The application it belongs to, once submitted.
  lead_id        bigint references leads (id) on delete set null,
  attached_at    timestamptz,
  -- A newer upload took its place (documents to fix); the object is deleted.
  replaced_at    timestamptz,
  deleted_at     timestamptz,
  delete_reason  text check (delete_reason in ('refused', 'orphan', 'replaced', 'retention'))
);
create index uploads_draft_idx on uploads (draft, slot);
create index uploads_lead_idx on uploads (lead_id) where lead_id is not null;
create index uploads_orphan_idx on uploads (created_at) where lead_id is null and deleted_at is null;

-- What housekeeping and the checks deleted, and why: kept as the record the DPDP Act's erasure
-- duty asks for (never the deleted values themselves).
create table deletion_log (
  id         bigserial primary key,
  at         timestamptz not null default now(),
  reason     text not null check (reason in ('refused', 'orphan', 'replaced', 'retention')),
  lead_id    bigint references leads (id) on delete set null,
  reference  text,
  -- What went: object keys, how many documents, whether ID numbers were erased.
  detail     jsonb not null default '{}'
);
create index deletion_log_at_idx on deletion_log (at desc);

-- Mail to an applicant (confirmation, documents to fix): kind 'applicant' with its recipient.
-- It names its application's lead, so the lead's timeline can show it.
alter table mail_outbox drop constraint mail_outbox_kind_check;
alter table mail_outbox drop constraint mail_outbox_check;
alter table mail_outbox drop constraint mail_outbox_recipient_check;
alter table mail_outbox
  add constraint mail_outbox_kind_check check (kind in ('lead', 'alert', 'staff', 'applicant')),
  add constraint mail_outbox_lead_check check ((kind in ('lead', 'applicant')) = (lead_id is not null)),
  add constraint mail_outbox_recipient_check check ((kind in ('staff', 'applicant')) = (recipient is not null));

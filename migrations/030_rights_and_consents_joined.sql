-- Where guardian consent and people's rights meet (decision 053).

-- A request about an under-18's data is made by their parent or guardian: the request names the
-- guardian's consent that let it be stored (the consent record holds who they are and how they
-- proved their e-mail).
alter table rights_requests add column guardian_consent_id bigint references consents (id) on delete set null;

-- A consent ends too when the data it covered is erased (a request or the retention schedule):
-- the record stays as proof for 7 years from then, like a withdrawn one.
alter table consents drop constraint if exists consents_withdrawn_how_check;
alter table consents add constraint consents_withdrawn_how_check check (withdrawn_how in ('account', 'staff', 'request', 'erasure'));
create index consents_ended_idx on consents (withdrawn_at) where withdrawn_at is not null;

-- An account unused for nearly 3 years is told once, 30 days before it is deleted.
alter table users add column unused_notice_at timestamptz;

-- A document is the bytes its check judged. An upload policy can be used any number of times
-- until it expires, so the object at the policy's key may change after its check: the check now
-- writes the bytes it judged (an image re-encoded) to a key no policy names, and `key` names that
-- kept object from then on; `posted_key` keeps the policy's key, whose object is deleted at the
-- check, and again by housekeeping once the policy has expired (whatever was posted meanwhile).

-- The key the upload policy named; null for a file the server received itself (no policy).
alter table uploads add column posted_key text unique;
-- When housekeeping cleared the policy's key for good (after the policy expired).
alter table uploads add column posted_cleared_at timestamptz;

-- Uploads checked before this change but not yet attached, whose policy still works, are checked
-- again (at the latest by the submit), so that they are kept the new way too.
update uploads set checked_at = null, detected_type = null, size = null
 where checked_at is not null and lead_id is null and deleted_at is null and expires_at > now();
-- An upload not checked yet is still at its policy's key (a file received with a form is checked
-- when it is stored); so is one refused or removed while its policy still works.
update uploads set posted_key = key where checked_at is null and (deleted_at is null or expires_at > now());

create index uploads_posted_idx on uploads (expires_at) where posted_key is not null and posted_cleared_at is null;

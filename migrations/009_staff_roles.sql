-- Staff roles: what each member of staff may do is decided on the server from this column
-- (functions/_shared/auth/roles.ts). Owner: everything; Counsellor: leads, applications (without
-- revealing ID numbers) and students; Accountant and Teacher: the dashboard until the office's
-- fees and batches arrive. Every account that existed before roles could do everything, so each
-- becomes an Owner; an Owner then gives colleagues the role they need.
alter table staff
  add column role text not null default 'owner'
    check (role in ('owner', 'counsellor', 'accountant', 'teacher'));
-- New accounts (invitations) name their role; none is an Owner by default.
alter table staff alter column role set default 'counsellor';

-- Settings of the institute that an Owner changes in the app (one row per setting).
-- 'auto-assign': new leads are assigned to counsellors in turn ({"enabled": bool}); off by default.
create table institute_settings (
  key        text primary key,
  value      jsonb not null,
  updated_at timestamptz not null default now(),
  updated_by uuid references staff (id) on delete set null
);

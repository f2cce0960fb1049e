-- The office's day-to-day settings, changed by an Owner in the admin (Settings) instead of in
-- content/classes.json, and their history. Kept in institute_settings (one row per key):
--   'attendance-threshold': a whole percentage 1–100; below it a student is listed on Today and a
--     certificate warns;
--   'late-fee-grace-days': the grace days (0–90) a new fee plan starts with (each plan keeps its
--     own grace_days, which its dues copy).
-- Holidays: days on which no class is expected, named in English and Hindi.
-- The values below are those content/classes.json held, imported once.
insert into institute_settings (key, value) values
  ('attendance-threshold', '75'::jsonb),
  ('late-fee-grace-days', '0'::jsonb)
on conflict (key) do nothing;

create table holidays (
  day        date primary key,
  name_en    text not null check (length(name_en) between 1 and 60),
  name_hi    text not null check (length(name_hi) between 1 and 60),
  added_at   timestamptz not null default now(),
  added_by   uuid references staff (id) on delete set null
);

insert into holidays (day, name_en, name_hi) values
  ('2026-12-25', 'Christmas', 'क्रिसमस'),
  ('2027-01-26', 'Republic Day', 'गणतंत्र दिवस'),
  ('2027-08-15', 'Independence Day', 'स्वतंत्रता दिवस'),
  ('2027-10-02', 'Gandhi Jayanti', 'गांधी जयंती')
on conflict (day) do nothing;

-- Every change of these settings: who (their name kept, so it outlives the account), when, which
-- setting (a holiday: its day), from → to (null: a holiday added, or removed).
create table settings_history (
  id          bigserial primary key,
  changed_at  timestamptz not null default now(),
  staff_id    uuid references staff (id) on delete set null,
  staff_name  text not null,
  setting     text not null check (setting in ('attendance-threshold', 'late-fee-grace-days', 'holiday')),
  day         date,
  from_value  text,
  to_value    text,
  check ((setting = 'holiday') = (day is not null))
);
create index settings_history_changed_idx on settings_history (changed_at desc, id desc);

-- The language a person used on the site, so what we send them later (an application's
-- confirmation, a request to upload documents again, a code, a receipt's e-mail) is in it, and
-- staff see it beside the name: 'en' or 'hi', from the page's language the request named
-- (the x-language header; src/i18n/locales.ts). Rows written before, and anything a client sent
-- without the header (the mobile app, curl), are English, as everything was.
-- - leads: the Apply dialog, the contact forms and the four application forms (an application's
--   language is its lead's: the two rows are one submission);
-- - users: the website account, from the page it was registered on;
-- - students: the record made from a lead takes the lead's, one linked to an account the account's.
alter table leads add column language text not null default 'en' constraint leads_language_check check (language in ('en', 'hi'));
alter table users add column language text not null default 'en' constraint users_language_check check (language in ('en', 'hi'));
alter table students add column language text not null default 'en' constraint students_language_check check (language in ('en', 'hi'));

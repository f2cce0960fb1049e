-- A lead's timeline says when staff change the language of the person's messages and e-mails
-- (POST /api/admin/leads/{id} {action: 'language'}): the line's kind 'language', with the
-- language before and after in its detail.
alter table lead_events drop constraint lead_events_kind_check;
alter table lead_events
  add constraint lead_events_kind_check
  check (kind in ('note', 'contact', 'status', 'assigned', 'follow-up', 'merged', 'unmerged', 'admitted', 'notification', 'language'));

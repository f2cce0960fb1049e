-- A receipt is a document: what it says is fixed when it is issued. Until now its page computed
-- "Paid so far" and "Balance" (and read the course, the batch and the student's name) from the
-- ledger each time it was opened, so a later payment, a cancellation or a move to another batch
-- changed an issued receipt. These columns keep what it said on the day it was made; collect()
-- fills them in the receipt's own transaction and every view of a receipt reads them.
alter table fee_receipts
  -- Paid for the receipt's course(s) by valid receipts up to and including this one, at issue.
  add column paid_so_far_paise bigint check (paid_so_far_paise >= 0),
  -- What the course's dues still owed once this receipt was allocated, on the day it was issued.
  add column balance_paise bigint check (balance_paise >= 0),
  -- The student, course(s) and batch(es) as named on the receipt when it was issued.
  add column student_name text,
  add column student_phone text,
  add column course_title text,
  add column batch_name text;

-- Back-fill of the receipts made before this migration, as well as the ledger allows. What it can
-- tell exactly: which receipts existed when each was made (ids run in order) and which of them had
-- been cancelled by then (cancelled_at against created_at), so "paid so far" is what it was. What it
-- cannot tell: a due's amount or discount changed since, or a late fee waived since (the dues keep
-- only their present figures), and the day a due was settled when a cancellation re-opened it; so
-- the balance is rebuilt from today's amounts, the payments as they stood then and the late fee as
-- it applied on the day of issue. The names are today's (no history of them was kept).
with issued as (
  select r.id, r.student_id, r.created_at, (r.created_at at time zone 'Asia/Kolkata')::date as day,
         (select array_agg(distinct d.course_id) from fee_allocations a join fee_dues d on d.id = a.due_id
           where a.receipt_id = r.id and d.course_id is not null) as courses
    from fee_receipts r
),
-- What each due of the receipt's course(s) had been paid when the receipt was made.
dues_then as (
  select i.id as receipt_id, d.*,
         coalesce((select sum(a.amount_paise) from fee_allocations a join fee_receipts p on p.id = a.receipt_id
                    where a.due_id = d.id and p.id <= i.id and (p.cancelled_at is null or p.cancelled_at > i.created_at)), 0) as paid_then,
         i.day, i.created_at as issued_at
    from issued i join fee_dues d on d.student_id = i.student_id and d.created_at <= i.created_at
   where i.courses is null or d.course_id = any (i.courses)
),
figures as (
  select receipt_id,
         sum(paid_then) as paid,
         sum(greatest(
           case when waived_at is not null and waived_at <= issued_at then 0
                else amount_paise - discount_paise
                     + case when late_fee_paise > 0
                             and coalesce(case when settled_on <= day then settled_on end, day) > due_on + grace_days then late_fee_paise else 0 end
           end - paid_then, 0)) as balance
    from dues_then group by receipt_id
),
names as (
  select a.receipt_id, string_agg(distinct c.title, ', ') as course, string_agg(distinct b.name, ', ') as batch
    from fee_allocations a join fee_dues d on d.id = a.due_id
    left join courses c on c.id = d.course_id left join batches b on b.id = d.batch_id
   group by a.receipt_id
)
update fee_receipts r
   set paid_so_far_paise = coalesce(f.paid, 0),
       balance_paise = coalesce(f.balance, 0),
       student_name = s.name,
       student_phone = s.phone,
       course_title = n.course,
       batch_name = n.batch
  from students s, fee_receipts r2
  left join figures f on f.receipt_id = r2.id
  left join names n on n.receipt_id = r2.id
 where r2.id = r.id and s.id = r.student_id;

-- Once a receipt's figures are written they stay: the database refuses to change them (the number,
-- the amount, the day, the mode and UTR, and the snapshot above). Cancelling only adds its marks.
create function fee_receipts_keep_issued() returns trigger language plpgsql as $$
begin
  if new.number is distinct from old.number or new.amount_paise is distinct from old.amount_paise
     or new.advance_paise is distinct from old.advance_paise or new.paid_on is distinct from old.paid_on
     or new.mode is distinct from old.mode or new.utr is distinct from old.utr
     or (old.paid_so_far_paise is not null and new.paid_so_far_paise is distinct from old.paid_so_far_paise)
     or (old.balance_paise is not null and new.balance_paise is distinct from old.balance_paise) then
    raise exception 'receipt % was issued: its figures cannot change', old.number using errcode = 'check_violation';
  end if;
  return new;
end;
$$;
create trigger fee_receipts_keep_issued before update on fee_receipts for each row execute function fee_receipts_keep_issued();

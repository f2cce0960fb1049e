/**
 * Whom a request is about (decision 053): the records of one person, found from a signed-in
 * account or from what someone without an account gave (a mobile number, an e-mail, a reference).
 *
 * From an account: its own row; the student records that are its own (linked to it by staff, or —
 * while linked to no account — with the account's verified e-mail, as /account's My fees reads
 * them: docs/data-protection.md "Students see only their own"); the enquiries and applications
 * with the account's e-mail or that those records came from or became, and the records those
 * enquiries became (unless linked to another account). By mobile number only with the same name
 * (its Latin key, so either script matches): a family shares one phone, and its enquiries are
 * filed under one person by it, so a brother's enquiry from the family phone is not the
 * account's to download or erase.
 *
 * From a request without an account, what is found (by mobile, e-mail or reference, and everything
 * filed under the same person) is what staff check before answering: nothing is shown to the
 * asker, and staff confirm the person (decision 053).
 */
import type { Queryable } from '../platform/db';
import { nameKey } from '../../../src/lib/transliterate';

/** The records of one person, by table. */
export interface Subject {
  /** Website accounts (users.id). */
  userIds: string[];
  /** Student records (students.id). */
  studentIds: string[];
  /** Enquiries and applications (leads.id). */
  leadIds: string[];
  /** People the leads are filed under (people.id). */
  personIds: string[];
  /** The person's e-mail addresses, lower case. */
  emails: string[];
  /** The person's mobile numbers, 10 digits. */
  phones: string[];
  /** The person's names as the records hold them (to find them in logs and staff mail). */
  names: string[];
}

/** The 10 digits of an Indian mobile number (the key leads are filed by). */
export const phoneDigits = (phone: string) => phone.replace(/\D/g, '').slice(-10);

const uniq = <T>(values: (T | null | undefined)[]): T[] => [...new Set(values.filter((v): v is T => v !== null && v !== undefined && v !== ''))];

/** A subject with nothing in it. */
export const emptySubject = (): Subject => ({ userIds: [], studentIds: [], leadIds: [], personIds: [], emails: [], phones: [], names: [] });

/** Whether `subject` names any record. */
export const hasRecords = (subject: Subject) => subject.userIds.length + subject.studentIds.length + subject.leadIds.length > 0;

/**
 * Fills a subject out from the leads, student records and accounts found so far: the people of
 * those leads and all their leads, the records the leads became, and every contact and name held.
 */
async function complete(
  db: Queryable,
  found: { userIds: string[]; studentIds: string[]; leadIds: string[]; emails: string[]; phones: string[] },
  { widen, nameKeys = [] }: { widen: boolean; nameKeys?: string[] },
): Promise<Subject> {
  const { rows: leads } = await db.query<{
    id: string;
    person_id: string;
    student_id: string | null;
    name: string;
    email_norm: string | null;
    phone_norm: string;
  }>(
    `with first as (
       select id, person_id, phone_norm from leads where id = any($1::bigint[]) and erased_at is null
       union select id, person_id, phone_norm from leads where erased_at is null and (($5 and phone_norm = any($2::text[])) or email_norm = any($3::text[]))
       union select l.id, l.person_id, l.phone_norm from leads l join students s on s.lead_id = l.id where s.id = any($4::bigint[]) and l.erased_at is null
       union select id, person_id, phone_norm from leads where student_id = any($4::bigint[]) and erased_at is null
     ), seed as (
       select id, person_id from first
       -- The same phone under the same name (either script) is the same person.
       union select id, person_id from leads
        where erased_at is null and name_latin = any($6::text[])
          and phone_norm = any(array(select phone_norm from first) || $2::text[])
     )
     select l.id::text, l.person_id::text, l.student_id::text, l.name, l.email_norm, l.phone_norm
       from leads l where l.erased_at is null and (l.id in (select id from seed) or ($5 and l.person_id in (select person_id from seed)))
      order by l.id`,
    [found.leadIds, found.phones, found.emails, found.studentIds, widen, nameKeys],
  );
  // An account's own enquiries may have become records of its own only: a lead of its e-mail
  // that became a student record linked to another account is that account's.
  const studentIds = uniq([...found.studentIds, ...leads.map((l) => l.student_id)]);
  const { rows: students } = await db.query<{ id: string; name: string; email: string | null; phone: string | null; user_id: string | null }>(
    `select id::text, name, lower(email) as email, phone, user_id::text from students
      where id = any($1::bigint[]) and erased_at is null and ($2 or user_id is null or user_id = any($3::uuid[])) order by id`,
    [studentIds, widen, found.userIds],
  );
  const userIds = uniq([...found.userIds, ...(widen ? students.map((s) => s.user_id) : [])]);
  const { rows: users } = await db.query<{ id: string; name: string; email: string }>(
    `select id::text, name, lower(email) as email from users where id = any($1::uuid[])`,
    [userIds],
  );
  return {
    userIds: users.map((u) => u.id),
    studentIds: students.map((s) => s.id),
    leadIds: leads.map((l) => l.id),
    personIds: uniq(leads.map((l) => l.person_id)),
    emails: uniq([...found.emails, ...users.map((u) => u.email), ...students.map((s) => s.email), ...leads.map((l) => l.email_norm)]),
    phones: uniq([...found.phones, ...students.map((s) => (s.phone ? phoneDigits(s.phone) : null)), ...leads.map((l) => l.phone_norm)]),
    names: uniq([...users.map((u) => u.name), ...students.map((s) => s.name), ...leads.map((l) => l.name)].map((n) => n.trim())),
  };
}

/** The records of the account `userId` (an empty subject when there is no such account). */
export async function subjectOfAccount(db: Queryable, userId: string): Promise<Subject> {
  const { rows } = await db.query<{ email: string; name: string }>('select lower(email) as email, name from users where id = $1', [userId]);
  const user = rows[0];
  if (!user) return emptySubject();
  // Two index lookups, as studentIdsOf: the records linked to the account, or with its e-mail and linked to none.
  const { rows: students } = await db.query<{ id: string; phone: string | null; name_latin: string | null }>(
    `select id::text, phone, name_latin from students where user_id = $1 and erased_at is null
      union
     select id::text, phone, name_latin from students where lower(email) = $2 and user_id is null and erased_at is null`,
    [userId, user.email],
  );
  return complete(
    db,
    {
      userIds: [userId],
      studentIds: students.map((s) => s.id),
      leadIds: [],
      emails: [user.email],
      phones: uniq(students.map((s) => (s.phone ? phoneDigits(s.phone) : null))),
    },
    { widen: false, nameKeys: uniq([nameKey(user.name), ...students.map((s) => s.name_latin)]) },
  );
}

/** What someone without an account gave to find their records. */
export interface Contacts {
  phone?: string | null | undefined;
  email?: string | null | undefined;
  /** A lead's reference (AP-2026-00042), a receipt's or a refund's number. */
  reference?: string | null | undefined;
}

/**
 * The records found from `contacts`: leads with that mobile or e-mail or reference, student records
 * with that mobile or e-mail or whose receipt or refund has that number, and the account with that
 * e-mail. For staff to confirm it is the person asking before they answer.
 */
export async function subjectOfContacts(db: Queryable, contacts: Contacts): Promise<Subject> {
  const phone = contacts.phone ? phoneDigits(contacts.phone) : null;
  const email = contacts.email ? contacts.email.trim().toLowerCase() : null;
  const reference = contacts.reference ? contacts.reference.trim().toUpperCase() : null;
  if (!phone && !email && !reference) return emptySubject();
  const { rows: leads } = await db.query<{ id: string }>(
    `select id::text from leads where erased_at is null and (phone_norm = $1 or email_norm = $2 or upper(reference) = $3)`,
    [phone, email, reference],
  );
  const { rows: students } = await db.query<{ id: string }>(
    `select id::text from students where erased_at is null
        and (right(regexp_replace(coalesce(phone, ''), '\\D', '', 'g'), 10) = $1 or lower(email) = $2
             or id in (select student_id from fee_receipts where upper(number) = $3)
             or id in (select student_id from fee_refunds where upper(number) = $3))`,
    [phone, email, reference],
  );
  const { rows: users } = await db.query<{ id: string }>('select id::text from users where lower(email) = $1', [email]);
  return complete(
    db,
    {
      userIds: users.map((u) => u.id),
      studentIds: students.map((s) => s.id),
      leadIds: leads.map((l) => l.id),
      emails: email ? [email] : [],
      phones: phone ? [phone] : [],
    },
    { widen: true },
  );
}

/** The records of the lead `leadId` alone (the retention schedule erases one lead at a time). */
export async function subjectOfLead(db: Queryable, leadId: string): Promise<Subject> {
  const { rows } = await db.query<{ id: string; name: string; email_norm: string | null; phone_norm: string; person_id: string }>(
    'select id::text, name, email_norm, phone_norm, person_id::text from leads where id = $1 and erased_at is null',
    [leadId],
  );
  const lead = rows[0];
  if (!lead) return emptySubject();
  return {
    ...emptySubject(),
    leadIds: [lead.id],
    personIds: [lead.person_id],
    emails: uniq([lead.email_norm]),
    phones: uniq([lead.phone_norm]),
    names: [lead.name.trim()],
  };
}

/** The account `userId` alone (a never-used account the retention schedule deletes). */
export async function subjectOfUser(db: Queryable, userId: string): Promise<Subject> {
  const { rows } = await db.query<{ id: string; name: string; email: string }>('select id::text, name, lower(email) as email from users where id = $1', [
    userId,
  ]);
  const user = rows[0];
  if (!user) return emptySubject();
  return { ...emptySubject(), userIds: [user.id], emails: [user.email], names: [user.name.trim()] };
}

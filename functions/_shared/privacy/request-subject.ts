/**
 * The person a request is about, as staff confirm it: the account that made it (its records,
 * subject.ts), or the records found from what the form gave (mobile, e-mail, reference).
 */
import type { Queryable } from '../platform/db';
import type { RequestRow } from './requests';
import { subjectOfAccount, subjectOfContacts, type Subject } from './subject';

/** The records `request` is about. */
export const subjectOfRequest = (db: Queryable, request: RequestRow): Promise<Subject> =>
  request.user_id
    ? subjectOfAccount(db, request.user_id)
    : subjectOfContacts(db, { phone: request.phone, email: request.email, reference: request.given_reference });

/** The records found, as staff name them: 'Website account: asha@…', 'AP-2026-00042 (Asha Verma)', 'Student record: Asha Verma (RS-CIT)'. */
export async function foundWords(db: Queryable, subject: Subject): Promise<string[]> {
  const { rows: users } = await db.query<{ name: string; email: string }>('select name, email from users where id = any($1::uuid[]) order by created_at', [
    subject.userIds,
  ]);
  const { rows: leads } = await db.query<{ reference: string; name: string; phone: string }>(
    'select reference, name, phone from leads where id = any($1::bigint[]) order by created_at, id',
    [subject.leadIds],
  );
  const { rows: students } = await db.query<{ name: string; course: string; phone: string | null }>(
    'select name, course, phone from students where id = any($1::bigint[]) order by id',
    [subject.studentIds],
  );
  return [
    ...users.map((u) => `Website account: ${u.name} <${u.email}>`),
    ...leads.map((l) => `${l.reference} (${l.name}, ${l.phone})`),
    ...students.map((s) => `Student record: ${s.name} (${s.course}${s.phone ? `, ${s.phone}` : ''})`),
  ];
}

/**
 * /api/students (staff only):
 * - GET ?limit&after&q= → Student[]: newest first (by id), keyset-paged (the next page's address
 *   in the `Link` header, rel="next", as the specification answers a bare list); `q`
 *   finds students whose name or e-mail contains it (any case), whose mobile number has its digits
 *   (four or more), or whose name is it in the other
 *   script ("sharma" finds शर्मा and the reverse: migration 012's name_latin). Each page shown is an audit line
 *   ('view', with the count and the search).
 * - POST {name, email, phone?, course, registrationDate?, guardianName?, guardianPhone?, accountEmail?, language?} → 201 {message: 'Student added.', item},
 *   written with its audit line in one transaction.
 */
import type { Config } from '@netlify/functions';
import { StudentFieldsSchema } from '../src/lib/schemas/student';
import { audit } from './_shared/platform/audit';
import { query, transaction } from './_shared/platform/db';
import { allowMethods, endpoint, json, readJson, validate } from './_shared/platform/http';
import { BIGINT_ID, FilterSchema, ListQuerySchema, cursorOf, listQuery, nextPageHeaders, pageOf, readCursor } from './_shared/platform/paging';
import { requireStaff } from './_shared/auth/staff';
import { accountOf, STUDENT_COLUMNS, studentValues, toStudent, type StudentRecord } from './_shared/records/students';
import { nameMatches } from './_shared/records/name-keys';

const StudentListQuerySchema = ListQuerySchema.extend({
  /** Part of a name or e-mail address. */
  q: FilterSchema(100, 'the search'),
});

/** `text` as a LIKE pattern that matches it anywhere, its own % and _ taken literally. */
const containing = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export default endpoint(async (req, context) => {
  allowMethods(req, 'GET', 'POST');
  const { staff, address } = await requireStaff(req, context, { need: 'students' });

  if (req.method === 'GET') {
    const { limit, after, q } = listQuery(req, StudentListQuerySchema);
    const [afterId] = readCursor(after, [BIGINT_ID]) ?? [];
    const params: unknown[] = [limit + 1];
    const where: string[] = [];
    const param = (value: unknown) => `$${params.push(value)}`;
    if (afterId) where.push(`id < $${params.push(afterId)}`);
    // A mobile number is found by its digits, however it was typed (98290 12345, +91-98290…).
    const digits = q?.replace(/\D/g, '').replace(/^(91|0)(?=\d{10}$)/, '') ?? '';
    const byPhone = digits.length >= 4 ? ` or phone like ${param(containing(digits))}` : '';
    if (q) where.push(`(${nameMatches('students', q, param)} or lower(email) like ${param(containing(q))}${byPhone})`);
    const rows = await query<StudentRecord>(
      `select ${STUDENT_COLUMNS} from students ${where.length ? `where ${where.join(' and ')}` : ''} order by id desc limit $1`,
      params,
    );
    const page = pageOf(
      rows,
      limit,
      (row) => toStudent(row),
      (row) => cursorOf(row._id),
    );
    await audit(
      { staffId: staff.id, action: 'view', entity: 'student', detail: { count: page.items.length, search: q ?? null, page: after ? 'later' : 'first' } },
      address,
    );
    return json(page.items, 200, nextPageHeaders(req, page.next));
  }

  const fields = validate(StudentFieldsSchema, await readJson(req));
  const item = await transaction(async (client) => {
    const userId = await accountOf(client, fields.accountEmail);
    const { rows } = await client.query<StudentRecord>(
      // The language staff chose; else a record linked to a website account takes the account's (migration 017); else English.
      `insert into students (name, email, phone, course, registration_date, name_latin, guardian_name, guardian_phone, user_id, language)
       values ($1, $2, $3, $4, coalesce($5::date, (now() at time zone 'Asia/Kolkata')::date), $6, $7, $8, $9,
               coalesce($10, (select language from users where id = $9::uuid), 'en'))
       returning ${STUDENT_COLUMNS}`,
      [...studentValues(fields, userId), fields.language ?? null],
    );
    const created = toStudent(rows[0]!);
    await audit(
      { staffId: staff.id, action: 'create', entity: 'student', entityId: created._id, subject: created.name, detail: { fields: Object.keys(fields) } },
      address,
      client,
    );
    return created;
  });
  return json({ message: 'Student added.', item }, 201);
});

export const config: Config = { path: '/api/students' };

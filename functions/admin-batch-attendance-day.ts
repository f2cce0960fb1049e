/**
 * GET /api/admin/batches/{id}/attendance/{day} → the register of a batch's class on an India day
 * (the roster's active students and anyone already marked that day, each with their saved mark or
 * 'present'), with its version. PUT {marks:[{studentId, mark, reason?}], version?} saves it: the
 * class day and its marks in one transaction. Saving the same marks again (a double tap, a second
 * device) changes nothing and answers the same register; a change to a saved day is a correction,
 * refused with 409 and the current register when it was read at an older version. Leave needs a
 * reason. Today's register is the teacher's to take and correct; a day before today only a role
 * that can 'attendance-any' corrects. A future day, a holiday or a day the batch does not meet is
 * refused in words. The first save and every correction are audit lines naming the students whose
 * marks changed and how; reading the register is a 'view' line (it shows phone numbers).
 */
import type { Config } from '@netlify/functions';
import { indiaToday } from '../src/lib/schemas/real-day';
import { DaySchema, MARK_LABELS, SaveRegisterSchema, type Mark, type SavedRegister } from '../src/lib/schemas/attendance';
import { audit } from './_shared/platform/audit';
import { transaction } from './_shared/platform/db';
import { allowMethods, endpoint, HttpError, json, readJson, validate } from './_shared/platform/http';
import { requireStaff } from './_shared/auth/staff';
import { batchForAttendance, notAClassDay, notTheirDay } from './_shared/classes/batch-access';
import { classDay, loadRegister, registerStudents } from './_shared/classes/register';
import { loadOfficeSettings } from './_shared/classes/office-settings';

/** The day of the path, or 400 in words. */
function dayOf(value: string | undefined): string {
  const parsed = DaySchema.safeParse(value);
  if (!parsed.success) throw new HttpError(400, `There is no register for “${value ?? ''}”: please open a day written YYYY-MM-DD, e.g. 2027-01-25.`);
  return parsed.data;
}

export default endpoint(async (req, context) => {
  allowMethods(req, 'GET', 'PUT');
  const who = await requireStaff(req, context, { need: 'attendance' });
  const day = dayOf(context.params['day']);
  const today = indiaToday();

  if (req.method === 'GET') {
    const register = await transaction(async (client) => {
      const batch = await batchForAttendance(client, context.params['id'], who);
      const { holidays } = await loadOfficeSettings(client);
      const shown = await loadRegister(client, batch, day, notAClassDay(batch, day, today, holidays) ?? notTheirDay(who.role, day, today));
      await audit(
        { staffId: who.staff.id, action: 'view', entity: 'attendance', entityId: batch.id, subject: batch.name, detail: { day } },
        who.address,
        client,
      );
      return shown;
    });
    return json(register);
  }

  const body = validate(SaveRegisterSchema, await readJson(req, 64 * 1024));
  const answer = await transaction(async (client): Promise<SavedRegister> => {
    const batch = await batchForAttendance(client, context.params['id'], who);
    // Refusals are thrown: the transaction rolls back, so a refused save leaves nothing behind.
    const notClass = notAClassDay(batch, day, today, (await loadOfficeSettings(client)).holidays);
    if (notClass) throw new HttpError(400, notClass);
    const notTheirs = notTheirDay(who.role, day, today);
    if (notTheirs) throw new HttpError(403, notTheirs);

    // The class day first: a second save of the same day waits here for the first to commit,
    // then finds its row and compares marks, so a double tap records once.
    const inserted = await client.query(`insert into class_days (batch_id, day, saved_by) values ($1, $2, $3) on conflict do nothing`, [
      batch.id,
      day,
      who.staff.id,
    ]);
    const created = inserted.rowCount === 1;
    const header = (await classDay(client, batch.id, day, true))!;
    const students = await registerStudents(client, batch.id, day);
    const byId = new Map(students.map((s) => [s.studentId, s]));
    const stranger = body.marks.find((m) => !byId.has(m.studentId));
    if (stranger) throw new HttpError(400, 'One of the students is not on this batch’s register any more. Please reload the register and save again.');

    const { rows: saved } = await client.query<{ student_id: string; mark: Mark; reason: string | null }>(
      `select student_id::text, mark, reason from attendance where batch_id = $1 and day = $2`,
      [batch.id, day],
    );
    const before = new Map(saved.map((r) => [r.student_id, r]));
    const changes = body.marks.filter((m) => {
      const was = before.get(m.studentId);
      return !was || was.mark !== m.mark || (was.reason ?? undefined) !== m.reason;
    });
    const render = async (outcome: SavedRegister['outcome']): Promise<SavedRegister> => ({ ...(await loadRegister(client, batch, day, null)), outcome });
    if (!created && changes.length === 0) return render('unchanged');
    if (!created && body.version !== header.version) {
      const current = await loadRegister(client, batch, day, null);
      throw new HttpError(
        409,
        `${current.savedBy ?? 'A colleague'} saved this register while you were marking it. Please check their marks below and save your changes again.`,
        { current },
      );
    }

    await client.query(
      `insert into attendance (batch_id, day, student_id, mark, reason, marked_by)
       select $1, $2, m.student_id, m.mark, m.reason, $3
         from unnest($4::bigint[], $5::text[], $6::text[]) as m (student_id, mark, reason)
       on conflict (batch_id, day, student_id) do update set mark = excluded.mark, reason = excluded.reason, marked_by = excluded.marked_by, marked_at = now()`,
      [batch.id, day, who.staff.id, changes.map((m) => m.studentId), changes.map((m) => m.mark), changes.map((m) => m.reason ?? null)],
    );
    if (!created)
      await client.query(`update class_days set version = version + 1, saved_by = $3, saved_at = now() where batch_id = $1 and day = $2`, [
        batch.id,
        day,
        who.staff.id,
      ]);

    const count = (mark: Mark) => body.marks.filter((m) => m.mark === mark).length;
    const detail = created
      ? {
          day,
          counts: { present: count('present'), absent: count('absent'), late: count('late'), leave: count('leave') },
          absent: body.marks.filter((m) => m.mark !== 'present').map((m) => ({ name: byId.get(m.studentId)!.name, to: MARK_LABELS[m.mark] })),
        }
      : {
          day,
          changes: changes.map((m) => ({
            name: byId.get(m.studentId)!.name,
            from: MARK_LABELS[before.get(m.studentId)?.mark ?? 'present'],
            to: MARK_LABELS[m.mark],
            ...(m.reason && { reason: m.reason }),
          })),
        };
    await audit(
      { staffId: who.staff.id, action: created ? 'create' : 'update', entity: 'attendance', entityId: batch.id, subject: batch.name, detail },
      who.address,
      client,
    );
    return render(created ? 'created' : 'corrected');
  });
  return json(answer);
});

export const config: Config = { path: '/api/admin/batches/:id/attendance/:day' };

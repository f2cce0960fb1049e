/**
 * /api/admin/practice/openings/{id} (Owner and Teacher: 'practice-tests'; a Teacher only for the
 * batches they teach):
 * - PATCH {close: true, version} → {message, opening}: closes the window now (an opening not yet
 *   open is deleted instead, and one already closed says so). Students who started keep their
 *   attempt to its own deadline: the window bounds when an attempt may start, not how long it lasts;
 * - PATCH {opensAt, closesAt, version} → {message, opening}: a new window (India's date and time),
 *   its end still to come; once a student has started, its start stays as it was;
 * - DELETE ?version=N → {message}: only while nobody has started (after that, close it).
 * A stale version is 409 with the opening as it is now. Audit lines 'update' / 'delete' of 'test-opening'.
 */
import type { Config } from '@netlify/functions';
import type { PoolClient } from '@neondatabase/serverless';
import { formatIndiaMoment } from '../src/lib/india-time';
import { indiaMomentOf, instantOfIndia, OpeningUpdateSchema } from '../src/lib/schemas/practice-tests';
import { CONFLICT_MESSAGE, RecordIdSchema } from '../src/lib/schemas/records';
import { audit } from './_shared/platform/audit';
import { transaction } from './_shared/platform/db';
import { allowMethods, endpoint, HttpError, json, readJson, validate } from './_shared/platform/http';
import { MAX_VERSION, versionParam } from './_shared/records/records';
import { requireStaff } from './_shared/auth/staff';
import { findOpening, notTheirBatch, openingNotFound, openingRows, openingScope, refuseOverlap, type OpeningFacts } from './_shared/practice/openings';

const fieldError = (field: string, message: string) => new HttpError(400, message, { errors: { [field]: message } });
const students = (n: number) => `${n} student${n === 1 ? ' has' : 's have'}`;

/** The opening as GET lists it. */
const rowOf = async (client: PoolClient, o: OpeningFacts, scope: string | null) => (await openingRows(client, o.testId, scope)).find((r) => r.id === o.id)!;

export default endpoint(async (req, context) => {
  allowMethods(req, 'PATCH', 'DELETE');
  const who = await requireStaff(req, context, { need: 'practice-tests' });
  const scope = openingScope(who);
  const parsed = RecordIdSchema.safeParse(context.params?.['id']);
  if (!parsed.success) throw openingNotFound();
  const id = parsed.data;
  const input = req.method === 'PATCH' ? validate(OpeningUpdateSchema, await readJson(req, 4096)) : null;
  const version = input ? input.version : versionParam(new URL(req.url));

  const answer = await transaction(async (client) => {
    const o = await findOpening(client, id);
    if (!o) throw openingNotFound();
    if (scope !== null && o.teacherId !== scope) throw notTheirBatch(o.batch);
    if (version > MAX_VERSION || o.version !== version) throw new HttpError(409, CONFLICT_MESSAGE, { current: await rowOf(client, o, scope) });
    const now = new Date();
    const line = (action: 'update' | 'delete', detail: Record<string, unknown>) =>
      audit(
        { staffId: who.staff.id, action, entity: 'test-opening', entityId: id, subject: o.test, detail: { batch: o.batch, ...detail } },
        who.address,
        client,
      );

    if (!input) {
      if (o.started > 0)
        throw new HttpError(409, `${students(o.started)} started this test in batch ${o.batch}: the opening stays as their record. Close it instead.`);
      await client.query(`delete from practice_test_openings where id = $1`, [id]);
      await line('delete', { opensAt: new Date(o.opensAt).toISOString(), closesAt: new Date(o.closesAt).toISOString() });
      return { message: `“${o.test}” is no longer opened to batch ${o.batch}.` };
    }

    if (input.close) {
      if (new Date(o.closesAt) <= now) throw new HttpError(409, `This opening already closed on ${formatIndiaMoment(o.closesAt)}.`);
      if (new Date(o.opensAt) > now)
        throw new HttpError(409, `This opening has not opened yet (it opens on ${formatIndiaMoment(o.opensAt)}): delete it instead.`);
      await client.query(`update practice_test_openings set closes_at = now(), version = version + 1, updated_at = now() where id = $1`, [id]);
      await line('update', { action: 'close', closesAt: now.toISOString(), started: o.started });
      const kept = o.started > 0 ? ` Anyone taking it now keeps their attempt to its own deadline.` : '';
      return { message: `“${o.test}” is closed to batch ${o.batch}: no one can start it now.${kept}`, opening: await rowOf(client, o, scope) };
    }

    const opensAt = instantOfIndia(input.opensAt!);
    const closesAt = instantOfIndia(input.closesAt!);
    if (new Date(closesAt) <= now) throw fieldError('closesAt', `${formatIndiaMoment(closesAt)} has already passed: please choose a closing time to come.`);
    if (o.started > 0 && input.opensAt !== indiaMomentOf(o.opensAt)) {
      throw fieldError(
        'opensAt',
        `${students(o.started)} already started: the opening time stays ${formatIndiaMoment(o.opensAt)}. You can still change the closing time.`,
      );
    }
    const from = o.started > 0 ? new Date(o.opensAt).toISOString() : opensAt;
    await refuseOverlap(client, o.testId, o.batchId, from, closesAt, id, formatIndiaMoment);
    await client.query(`update practice_test_openings set opens_at = $2, closes_at = $3, version = version + 1, updated_at = now() where id = $1`, [
      id,
      from,
      closesAt,
    ]);
    await line('update', {
      action: 'window',
      opensAt: from,
      closesAt,
      from: { opensAt: new Date(o.opensAt).toISOString(), closesAt: new Date(o.closesAt).toISOString() },
    });
    return {
      message: `“${o.test}” is open to batch ${o.batch} from ${formatIndiaMoment(from)} until ${formatIndiaMoment(closesAt)}.`,
      opening: await rowOf(client, o, scope),
    };
  });
  return json(answer);
});

export const config: Config = { path: '/api/admin/practice/openings/:id' };

import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { completePayload, fileFor, objectExists, submit, upload, uploadsOfDraft } from './application-fixtures';
import { db, targets } from './helpers';

/** Runs the scheduled housekeeping by hand, as the emulator allows. */
async function housekeeping(target: (typeof targets)[number]) {
  const res = await target.fetch('/.netlify/functions/housekeeping', { method: 'POST' });
  expect(res.status).toBe(204);
}

describe.each(targets)('the housekeeping of application documents on $name', (target) => {
  it('deletes uploads no application took within a day, logs them, and leaves younger and attached ones', async () => {
    const [old, young] = [randomUUID(), randomUUID()];
    await upload(target, { form: 'csc', draft: old }, 'photo', await fileFor('csc', 'photo'));
    await upload(target, { form: 'csc', draft: old }, 'panCard', await fileFor('csc', 'panCard'), { check: false });
    await upload(target, { form: 'csc', draft: young }, 'photo', await fileFor('csc', 'photo'));
    // A submitted application whose uploads are as old: attached, so kept.
    const payload = await completePayload(target, 'nielit');
    expect((await submit(target, 'nielit', payload)).status).toBe(201);
    await db(target, `update uploads set created_at = now() - interval '25 hours' where draft = any($1::uuid[])`, [[old, payload.draft]]);
    await db(target, `update uploads set created_at = now() - interval '23 hours' where draft = $1`, [young]);

    await housekeeping(target);

    const gone = await uploadsOfDraft(target, old);
    expect(gone).toHaveLength(2);
    for (const u of gone) {
      expect(u.delete_reason).toBe('orphan');
      expect(u.deleted_at).not.toBeNull();
      expect(await objectExists(target, u.key)).toBe(false);
    }
    const [logged] = await db<{ reason: string; lead_id: string | null; detail: { form: string; draft: string; documents: number; slots: string[] } }>(
      target,
      `select reason, lead_id::text, detail from deletion_log where detail->>'draft' = $1`,
      [old],
    );
    expect(logged).toMatchObject({ reason: 'orphan', lead_id: null, detail: { form: 'csc', draft: old, documents: 2 } });
    expect(logged!.detail.slots.sort()).toEqual(['panCard', 'photo']);

    for (const draft of [young, payload.draft]) {
      for (const u of await uploadsOfDraft(target, draft)) {
        expect(u.deleted_at, `${draft} ${u.slot}`).toBeNull();
        expect(await objectExists(target, u.key)).toBe(true);
      }
    }
  });

  it('deletes the documents and ID numbers of applications closed more than RETENTION_DAYS (180) ago, with a log line', async () => {
    const submitted = async () => {
      const payload = await completePayload(target, 'csc');
      const res = await submit(target, 'csc', payload);
      expect(res.status).toBe(201);
      return { reference: (await res.json()).reference as string, draft: payload.draft };
    };
    const [expired, kept] = [await submitted(), await submitted()];
    await db(target, `update leads set status = 'approved' where reference = any($1)`, [[expired.reference, kept.reference]]);
    await db(target, `update applications a set closed_at = now() - interval '181 days' from leads l where l.id = a.lead_id and l.reference = $1`, [
      expired.reference,
    ]);
    await db(target, `update applications a set closed_at = now() - interval '179 days' from leads l where l.id = a.lead_id and l.reference = $1`, [
      kept.reference,
    ]);

    await housekeeping(target);

    const application = (reference: string) =>
      db<{
        id: string;
        id_numbers: string | null;
        id_key: string | null;
        id_masks: Record<string, string>;
        purged_at: Date | null;
        fields: Record<string, string>;
      }>(
        target,
        `select l.id::text, a.id_numbers, a.id_key, a.id_masks, a.purged_at, a.fields from applications a join leads l on l.id = a.lead_id where l.reference = $1`,
        [reference],
      ).then((rows) => rows[0]!);
    const purged = await application(expired.reference);
    expect(purged).toMatchObject({ id_numbers: null, id_key: null, id_masks: {} });
    expect(purged.purged_at).not.toBeNull();
    // The application's other answers stay with its lead.
    expect(purged.fields['bankName']).toBe('BANK OF BARODA');
    const documents = await uploadsOfDraft(target, expired.draft);
    expect(documents).toHaveLength(7);
    for (const u of documents) {
      expect(u.delete_reason).toBe('retention');
      expect(await objectExists(target, u.key)).toBe(false);
    }
    const [logged] = await db<{ reference: string; detail: { documents: number; idNumbers: boolean; retentionDays: number } }>(
      target,
      `select reference, detail from deletion_log where lead_id = $1 and reason = 'retention'`,
      [purged.id],
    );
    expect(logged).toMatchObject({ reference: expired.reference, detail: { documents: 7, idNumbers: true, retentionDays: 180 } });

    const still = await application(kept.reference);
    expect(still.id_numbers).not.toBeNull();
    expect(still.purged_at).toBeNull();
    for (const u of await uploadsOfDraft(target, kept.draft)) expect(await objectExists(target, u.key)).toBe(true);
  });
});

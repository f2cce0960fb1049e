/**
 * What the scheduled housekeeping deletes of the application documents, each deletion written to
 * deletion_log (the record of erasure India's DPDP Act asks for; never the deleted values):
 * - orphans: uploads never attached to a submitted application, a day after their policy was
 *   made (a form abandoned, a file replaced in the form before sending, a failed submission);
 * - posted objects: an upload policy works until it expires, however often it is used, so once
 *   it has expired whatever was posted with it after the upload's check (or removal) is deleted;
 * - retention: the documents and ID numbers of applications approved or rejected more than
 *   RETENTION_DAYS ago (default 180); the application's other answers and its lead stay;
 * - no consent: an under-18's submission held past its time without a guardian's consent
 *   (consent/hold.ts), with its uploads and its code mail (reason 'no-consent'). Uploads named by a
 *   live hold are no orphans: they wait with it.
 * Rows are locked while their objects are deleted, so a submission cannot attach an upload that
 * is being deleted (it waits, then finds it gone and asks for the file again). Each row's objects
 * are its document and the key its policy named (objectKeys).
 */
import type { PoolClient } from '@neondatabase/serverless';
import { transaction } from '../platform/db';
import { documentStorage } from './document-storage';
import { env } from '../platform/env';
import { objectKeys } from './storage';
import { DEFAULT_RETENTION_DAYS } from '../../../src/lib/retention-days';

/** How long an upload may wait for its application. */
export const ORPHAN_AFTER = '1 day';
/** Rows handled per run (the schedule comes back in ten minutes for the rest). */
const BATCH = 200;

export interface DocumentsSwept {
  /** Uploads deleted as orphans. */
  orphans: number;
  /** Policy keys cleared for good once their policy expired. */
  postedKeys: number;
  /** Applications whose documents and ID numbers were deleted. */
  purged: number;
  /** Their documents deleted with them. */
  purgedDocuments: number;
  /** Holds deleted for want of a guardian's consent. */
  expiredHolds: number;
  /** Their uploads deleted with them. */
  expiredHoldDocuments: number;
}

/** Runs the three sweeps: orphans, expired policies' keys, retention. */
export async function sweepDocuments(): Promise<DocumentsSwept> {
  // Expired holds first: their uploads go as 'no-consent', not as orphans.
  const holds = await deleteExpiredHolds();
  const orphans = await deleteOrphans();
  const postedKeys = await clearPostedKeys();
  const { purged, documents } = await purgeClosedApplications();
  return { orphans, postedKeys, purged, purgedDocuments: documents, expiredHolds: holds.holds, expiredHoldDocuments: holds.documents };
}

/** Deletes uploads that no application took within a day; one log line per form fill. */
export async function deleteOrphans(): Promise<number> {
  return transaction(async (client) => {
    const { rows } = await client.query<{ id: string; key: string; posted_key: string | null; draft: string; form: string; slot: string }>(
      `select id::text, key, posted_key, draft::text, form, slot from uploads
        where lead_id is null and deleted_at is null and created_at < now() - $1::interval
          and not exists (select 1 from held_submissions h where h.draft = uploads.draft and h.released_at is null and h.expires_at > now())
        order by created_at limit $2 for update skip locked`,
      [ORPHAN_AFTER, BATCH],
    );
    if (rows.length === 0) return 0;
    await documentStorage().delete(objectKeys(rows));
    // A day old, their policies have expired: the keys they named are cleared for good too.
    await client.query(
      `update uploads set deleted_at = now(), delete_reason = 'orphan', posted_cleared_at = case when posted_key is not null and expires_at < now() then now() end
        where id = any($1::uuid[])`,
      [rows.map((r) => r.id)],
    );
    const byDraft = new Map<string, typeof rows>();
    for (const row of rows) byDraft.set(row.draft, [...(byDraft.get(row.draft) ?? []), row]);
    await log(
      client,
      [...byDraft.values()].map((uploads) => ({
        reason: 'orphan',
        lead: null,
        reference: null,
        detail: {
          form: uploads[0]!.form,
          draft: uploads[0]!.draft,
          documents: uploads.length,
          slots: uploads.map((u) => u.slot),
          keys: uploads.map((u) => u.key),
        },
      })),
    );
    return rows.length;
  });
}

/**
 * Deletes the holds whose time passed without a guardian's consent, and their uploads (one
 * transaction each, so a failure leaves the rest done); one log line per hold, without anything
 * the child sent (the form, the hold's number, how many documents and their keys).
 */
export async function deleteExpiredHolds(): Promise<{ holds: number; documents: number }> {
  let holds = 0;
  let documents = 0;
  for (;;) {
    const done = await transaction(async (client) => {
      const { rows } = await client.query<{ id: string; number: string; form: string; draft: string | null }>(
        `select id::text, number, form, draft::text from held_submissions
          where released_at is null and expires_at <= now() order by expires_at limit 1 for update skip locked`,
      );
      const hold = rows[0];
      if (!hold) return null;
      const { rows: uploads } = await client.query<{ id: string; key: string; posted_key: string | null; slot: string }>(
        `select id::text, key, posted_key, slot from uploads where draft = $1::uuid and lead_id is null and deleted_at is null for update`,
        [hold.draft],
      );
      if (uploads.length) {
        await documentStorage().delete(objectKeys(uploads));
        await client.query(
          `update uploads set deleted_at = now(), delete_reason = 'no-consent', posted_cleared_at = case when posted_key is not null and expires_at < now() then now() end
            where id = any($1::uuid[])`,
          [uploads.map((u) => u.id)],
        );
      }
      // Its code mail goes with it (mail_outbox.held_id cascades).
      await client.query('delete from held_submissions where id = $1', [hold.id]);
      await log(client, [
        {
          reason: 'no-consent',
          lead: null,
          reference: hold.number,
          detail: {
            why: 'no guardian consent in time',
            form: hold.form,
            documents: uploads.length,
            slots: uploads.map((u) => u.slot),
            keys: uploads.map((u) => u.key),
          },
        },
      ]);
      return uploads.length;
    });
    if (done === null) break;
    holds += 1;
    documents += done;
    if (holds >= BATCH) break;
  }
  return { holds, documents };
}

/**
 * Deletes whatever is at the key of each expired upload policy whose upload was checked (its
 * document lives under a key of its own) or removed, once: nothing can be posted there any more.
 * Logged as one line with the keys cleared; most held nothing, as the check deleted the object.
 */
export async function clearPostedKeys(): Promise<number> {
  return transaction(async (client) => {
    const { rows } = await client.query<{ id: string; posted_key: string }>(
      `select id::text, posted_key from uploads
        where posted_key is not null and posted_cleared_at is null and expires_at < now()
          and (deleted_at is not null or (checked_at is not null and posted_key <> key))
        order by expires_at limit $1 for update skip locked`,
      [BATCH],
    );
    if (rows.length === 0) return 0;
    const keys = rows.map((r) => r.posted_key);
    await documentStorage().delete(keys);
    await client.query('update uploads set posted_cleared_at = now() where id = any($1::uuid[])', [rows.map((r) => r.id)]);
    await log(client, [
      {
        reason: 'orphan',
        lead: null,
        reference: null,
        detail: { why: 'upload policies expired: anything posted with them after the check', postedKeys: keys.length, keys },
      },
    ]);
    return rows.length;
  });
}

/**
 * Deletes the documents and ID numbers of applications closed more than RETENTION_DAYS ago,
 * one application per transaction (a failure leaves the others done and this one for next time).
 */
export async function purgeClosedApplications(): Promise<{ purged: number; documents: number }> {
  const days = env().RETENTION_DAYS ?? DEFAULT_RETENTION_DAYS;
  let purged = 0;
  let documents = 0;
  for (let i = 0; i < BATCH; i += 1) {
    const done = await transaction(async (client) => {
      const { rows } = await client.query<{ lead_id: string; reference: string; sealed: boolean }>(
        `select a.lead_id::text, l.reference, a.id_numbers is not null as sealed
           from applications a join leads l on l.id = a.lead_id
          where a.closed_at < now() - make_interval(days => $1) and a.purged_at is null
          order by a.closed_at limit 1 for update of a skip locked`,
        [days],
      );
      const application = rows[0];
      if (!application) return null;
      const { rows: uploads } = await client.query<{ id: string; key: string; posted_key: string | null; slot: string }>(
        `select id::text, key, posted_key, slot from uploads where lead_id = $1 and deleted_at is null for update`,
        [application.lead_id],
      );
      await documentStorage().delete(objectKeys(uploads));
      await client.query(`update uploads set deleted_at = now(), delete_reason = 'retention' where id = any($1::uuid[])`, [uploads.map((u) => u.id)]);
      await client.query(`update applications set id_numbers = null, id_key = null, id_masks = '{}', purged_at = now() where lead_id = $1`, [
        application.lead_id,
      ]);
      await log(client, [
        {
          reason: 'retention',
          lead: application.lead_id,
          reference: application.reference,
          detail: {
            retentionDays: days,
            documents: uploads.length,
            slots: uploads.map((u) => u.slot),
            keys: uploads.map((u) => u.key),
            idNumbers: application.sealed,
          },
        },
      ]);
      return uploads.length;
    });
    if (done === null) break;
    purged += 1;
    documents += done;
  }
  return { purged, documents };
}

/** One deletion_log line to write. */
interface Deletion {
  reason: 'orphan' | 'retention' | 'no-consent';
  lead: string | null;
  reference: string | null;
  detail: Record<string, unknown>;
}

/** Writes `lines` in one statement. */
async function log(client: PoolClient, lines: Deletion[]): Promise<void> {
  await client.query(
    `insert into deletion_log (reason, lead_id, reference, detail)
     select e->>'reason', (e->>'lead')::bigint, e->>'reference', e->'detail' from jsonb_array_elements($1::jsonb) as x(e)`,
    [JSON.stringify(lines)],
  );
}

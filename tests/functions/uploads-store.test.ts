/**
 * What the form endpoints and housekeeping call (functions/_shared/storage/uploads.ts), on the local
 * folder and a database of their own: a file received with a form is judged by its bytes before
 * anything is stored, and documents are deleted with their rows marked and one deletion_log line
 * per application.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_DOCUMENT_BYTES, tooLargeMessage } from '../../src/lib/schemas/uploads';
import { closeInProcess, openInProcess, sqlOn, type InProcess } from '../support/in-process';
import { photoBytes } from '../support/photo';

let fx: InProcess;
let client: pg.Client;
let uploads: typeof import('../../functions/_shared/storage/uploads');

beforeAll(async () => {
  ({ fx, client } = await openInProcess({ functions: [] }));
  // Imported once the environment is the in-process server's.
  uploads = await import('../../functions/_shared/storage/uploads');
});

afterAll(() => closeInProcess({ fx, client }));

const sql = sqlOn(() => client);
const stored = (key: string) => existsSync(path.join(fx.scratch, 'uploads', key));
const PDF = Buffer.from('%PDF-1.5\n%%EOF\n');

/** The HttpError a call throws. */
async function refusal(work: Promise<unknown>): Promise<{ status: number; message: string; extra: Record<string, unknown> }> {
  try {
    await work;
  } catch (error) {
    return error as { status: number; message: string; extra: Record<string, unknown> };
  }
  throw new Error('expected a refusal');
}

describe('a file received with a form (storeReceivedFile)', () => {
  it('stores a real photo, re-encoded, under a key of its own, checked', async () => {
    const draft = randomUUID();
    const photo = await photoBytes({ width: 40, height: 40, format: 'webp' });
    const result = await uploads.storeReceivedFile({ form: 'csc', draft, slot: 'photo', file: new File([photo], 'मेरी फोटो.jpg', { type: 'image/jpeg' }) });
    expect(result).toEqual({ uploadId: expect.any(String), type: 'image/webp', size: expect.any(Number) });
    const [row] = await sql('select key, posted_key, file_name, detected_type, size, checked_at from uploads where id = $1', [result.uploadId]);
    expect(row).toMatchObject({ posted_key: null, file_name: 'मेरी फोटो.jpg', detected_type: 'image/webp', size: result.size });
    expect(row!['key']).toMatch(new RegExp(`^applications/csc/${draft}/checked/photo-${result.uploadId}-[0-9a-f]{8}\\.webp$`));
    expect(row!['checked_at']).not.toBeNull();
    const kept = readFileSync(path.join(fx.scratch, 'uploads', row!['key']));
    expect(kept.length).toBe(result.size);
    expect(await sharp(kept).metadata()).toMatchObject({ format: 'webp', width: 40, height: 40 });
  });

  it('refuses what is not what its slot takes, storing nothing', async () => {
    const draft = randomUUID();
    const html = new File(['<html><body>hi</body></html>'], 'scan.pdf', { type: 'application/pdf' });
    const cases: [string, File, number, string][] = [
      ['marksheet', html, 422, 'This file is not a real PDF: its contents are an HTML page. Please choose the PDF again.'],
      ['photo', new File([PDF], 'photo.pdf', { type: 'application/pdf' }), 422, 'This file is a PDF. Please choose a photo in JPEG, PNG or WebP format.'],
      ['marksheet', new File([Buffer.alloc(MAX_DOCUMENT_BYTES + 1)], 'big.pdf', { type: 'application/pdf' }), 422, tooLargeMessage(MAX_DOCUMENT_BYTES + 1)],
      ['marksheet', new File([], 'empty.pdf', { type: 'application/pdf' }), 422, 'This file is empty. Please choose another.'],
      ['nonsense', new File([PDF], 'x.pdf'), 400, 'Unknown document.'],
    ];
    for (const [slot, file, status, message] of cases) {
      const error = await refusal(uploads.storeReceivedFile({ form: 'csc', draft, slot, file }));
      expect({ status: error.status, message: error.message, errors: error.extra['errors'] }).toEqual({ status, message, errors: { [slot]: message } });
    }
    expect(await sql('select id from uploads where draft = $1', [draft])).toEqual([]);
  });
});

describe('deleting documents (deleteUploads)', () => {
  it('deletes the objects, marks the rows and logs one line per application', async () => {
    const draft = randomUUID();
    const ids: string[] = [];
    for (const slot of ['marksheet', 'panCard', 'voterId']) {
      ids.push((await uploads.storeReceivedFile({ form: 'csc', draft, slot, file: new File([PDF], `${slot}.pdf`, { type: 'application/pdf' }) })).uploadId);
    }
    const [lead] = await sql<{ id: string; reference: string }>(
      `with person as (insert into people default values returning id)
       insert into leads (reference, kind, form, name, phone, phone_norm, person_id, status)
       select $1, 'csc', 'csc', 'Test Applicant', '+919876543210', '9876543210', id, 'submitted' from person
       returning id::text, reference`,
      [`CS-TEST-${Date.now()}`],
    );
    await sql('update uploads set lead_id = $1, attached_at = now() where id = any($2::uuid[])', [lead!.id, ids.slice(0, 2)]);
    const keys = (await sql<{ key: string }>('select key from uploads where id = any($1::uuid[]) order by key', [ids])).map((r) => r.key);

    expect(await uploads.deleteUploads(ids, 'retention')).toBe(3);
    expect(keys.map(stored)).toEqual([false, false, false]);
    const rows = await sql('select delete_reason, deleted_at is not null as deleted, replaced_at from uploads where id = any($1::uuid[])', [ids]);
    expect(rows).toEqual(Array(3).fill({ delete_reason: 'retention', deleted: true, replaced_at: null }));
    const logs = await sql<{ lead_id: string | null; reference: string | null; detail: { documents: number; keys: string[] } }>(
      `select lead_id::text, reference, detail from deletion_log where reason = 'retention' and detail->'keys' ?| $1 order by lead_id nulls last`,
      [keys],
    );
    expect(logs).toHaveLength(2);
    expect(logs[0]).toMatchObject({ lead_id: lead!.id, reference: lead!.reference, detail: { documents: 2 } });
    expect(logs[1]).toMatchObject({ lead_id: null, reference: null, detail: { documents: 1 } });

    // Done once: again, nothing is deleted or logged.
    expect(await uploads.deleteUploads(ids, 'retention')).toBe(0);
    expect(await sql(`select id from deletion_log where reason = 'retention' and detail->'keys' ?| $1`, [keys])).toHaveLength(2);
  });

  it('marks a replaced document as replaced', async () => {
    const { uploadId } = await uploads.storeReceivedFile({
      form: 'iibf',
      draft: randomUUID(),
      slot: 'panCard',
      file: new File([PDF], 'pan.pdf', { type: 'application/pdf' }),
    });
    expect(await uploads.deleteUploads([uploadId], 'replaced')).toBe(1);
    const [row] = await sql('select delete_reason, replaced_at is not null as replaced from uploads where id = $1', [uploadId]);
    expect(row).toEqual({ delete_reason: 'replaced', replaced: true });
    expect(await uploads.deleteUploads([], 'orphan')).toBe(0);
  });
});

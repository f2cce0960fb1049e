import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { completePayload, fileFor, objectExists, submit, tokenHash, upload, uploadsOfDraft } from './application-fixtures';
import { db, eventually, get, newClientIp, outboxMessages, post, targets } from './helpers';

const INVALID = 'This link has expired or was already used. Please call us, and we will send a new one.';
const RECEIVED = 'Thank you. We have received your documents and will check them soon.';

describe.each(targets)('the documents-to-fix link on $name', (target) => {
  /** An IIBF application submitted through the API, then asked (as staff do) to fix `slots`. */
  async function askedToFix(slots = ['photo', 'signature'], { expiresIn = '14 days' } = {}) {
    const payload = await completePayload(target, 'iibf');
    const res = await submit(target, 'iibf', payload);
    expect(res.status).toBe(201);
    const { reference } = await res.json();
    const token = randomBytes(32).toString('base64url');
    const [lead] = await db<{ id: string }>(
      target,
      `with l as (update leads set status = 'documents-to-fix', touched_at = now() where reference = $1 returning id)
       update applications a set fix_slots = $2, fix_note = 'The photo is blurred; please sign on white paper.', fix_token_hash = $3,
              fix_requested_at = now(), fix_expires_at = now() + $4::interval
         from l where a.lead_id = l.id returning l.id::text`,
      [reference, slots, tokenHash(token), expiresIn],
    );
    return { reference, token, leadId: lead!.id, draft: payload.draft, documents: payload.documents as Record<string, string> };
  }

  it('opening the link tells what it opens: the reference, form, note, expiry and the documents asked for', async () => {
    const app = await askedToFix();
    const res = await post(target, '/api/applications/fix/open', { token: app.token });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      reference: app.reference,
      form: 'iibf',
      formLabel: 'IIBF application',
      note: 'The photo is blurred; please sign on white paper.',
      expiresAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      documents: [
        { slot: 'photo', label: 'Photo', imagesOnly: true },
        { slot: 'signature', label: 'Signature', imagesOnly: true },
      ],
    });
  });

  it('opening and sending answer 410 for a link that is malformed, unknown or expired', async () => {
    const expired = await askedToFix(['photo'], { expiresIn: '-1 minute' });
    for (const token of ['', 'short', randomBytes(32).toString('base64url'), expired.token, 42]) {
      const res = await post(target, '/api/applications/fix/open', { token });
      expect(res.status, String(token)).toBe(410);
      expect((await res.json()).message).toBe(INVALID);
    }
    const res = await post(target, '/api/applications/fix', { token: expired.token, documents: { photo: randomUUID() } });
    expect(res.status).toBe(410);
    expect((await res.json()).message).toBe(INVALID);
  });

  it('POST refuses a document left out, one not asked for, an upload of another application, and bad input', async () => {
    const app = await askedToFix();
    const photo = await upload(target, { fix: app.token }, 'photo', await fileFor('iibf', 'photo'));
    let res = await post(target, '/api/applications/fix', { token: app.token, documents: { photo } });
    expect(res.status).toBe(400);
    expect((await res.json()).errors['documents.signature']).toBe('Please upload required file: Signature');

    const signature = await upload(target, { fix: app.token }, 'signature', await fileFor('iibf', 'signature'));
    res = await post(target, '/api/applications/fix', { token: app.token, documents: { photo, signature, panCard: app.documents['panCard'] } });
    expect(res.status).toBe(400);
    expect((await res.json()).errors['documents.panCard']).toBe('This document was not asked for. Please upload only the documents listed.');

    // The application's own old photo, or another fill's photo, is not a new upload for this link.
    const other = await completePayload(target, 'iibf');
    for (const id of [app.documents['photo']!, other.documents['photo']!]) {
      res = await post(target, '/api/applications/fix', { token: app.token, documents: { photo: id, signature } });
      expect(res.status).toBe(422);
      expect((await res.json()).errors['documents.photo']).toBe('The file for Photo was not uploaded with this form. Please choose it again.');
    }
    for (const body of [{ documents: { photo, signature } }, { token: app.token, documents: { photo: 'x', signature } }, { token: app.token }]) {
      res = await post(target, '/api/applications/fix', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await post(target, '/api/applications/fix', 'token=x', { 'content-type': 'application/x-www-form-urlencoded' })).status).toBe(415);
    // Nothing changed.
    const [lead] = await db<{ status: string }>(target, 'select status from leads where id = $1', [app.leadId]);
    expect(lead!.status).toBe('documents-to-fix');
    expect((await uploadsOfDraft(target, app.draft)).filter((u) => u.replaced_at !== null)).toHaveLength(0);
  });

  it('POST replaces exactly the documents asked for, sends the application back to Submitted and closes the link', async () => {
    const app = await askedToFix();
    const ip = newClientIp();
    const photo = await upload(target, { fix: app.token }, 'photo', await fileFor('iibf', 'photo'), { ip });
    // The signature's bytes are read by the submit itself.
    const signature = await upload(target, { fix: app.token }, 'signature', await fileFor('iibf', 'signature'), { check: false, ip });
    const res = await post(target, '/api/applications/fix', { token: app.token, documents: { photo, signature } }, {}, ip);
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await res.json()).message).toBe(RECEIVED);

    const uploads = await uploadsOfDraft(target, app.draft);
    const byId = new Map(uploads.map((u) => [u.id, u]));
    for (const slot of ['photo', 'signature']) {
      const old = byId.get(app.documents[slot]!)!;
      expect(old.replaced_at, slot).not.toBeNull();
      expect(old.delete_reason).toBe('replaced');
      expect(await objectExists(target, old.key)).toBe(false);
    }
    for (const id of [photo, signature]) {
      expect(byId.get(id)!.lead_id).toBe(app.leadId);
      expect(byId.get(id)!.checked_at).not.toBeNull();
      expect(await objectExists(target, byId.get(id)!.key)).toBe(true);
    }
    // The other documents stay as they were.
    for (const slot of ['aadhaarCard', 'panCard', 'qualificationDoc', 'casteCertificate']) expect(byId.get(app.documents[slot]!)!.deleted_at).toBeNull();

    const [state] = await db<{ status: string; touched_at: Date | null; fix_token_hash: string | null }>(
      target,
      'select l.status, l.touched_at, a.fix_token_hash from leads l join applications a on a.lead_id = l.id where l.id = $1',
      [app.leadId],
    );
    expect(state).toEqual({ status: 'submitted', touched_at: null, fix_token_hash: null });
    const [event] = await db<{ staff_id: string | null; detail: Record<string, unknown> }>(
      target,
      `select staff_id, detail from lead_events where lead_id = $1 and kind = 'status'`,
      [app.leadId],
    );
    expect(event).toEqual({ staff_id: null, detail: { from: 'documents-to-fix', to: 'submitted', by: 'applicant', slots: ['photo', 'signature'] } });
    const [logged] = await db<{ reference: string; detail: { documents: number; slots: string[] } }>(
      target,
      `select reference, detail from deletion_log where lead_id = $1 and reason = 'replaced'`,
      [app.leadId],
    );
    expect(logged!.reference).toBe(app.reference);
    expect(logged!.detail).toMatchObject({ documents: 2, slots: expect.arrayContaining(['photo', 'signature']) });

    const [mail] = await eventually(async () => {
      const found = await outboxMessages(target, `Documents re-uploaded for ${app.reference}`);
      expect(found).toHaveLength(1);
      return found;
    });
    expect(mail).toContain('- Photo\n- Signature');

    // The link is spent.
    expect((await post(target, '/api/applications/fix/open', { token: app.token })).status).toBe(410);
    expect((await post(target, '/api/applications/fix', { token: app.token, documents: { photo, signature } })).status).toBe(410);
  });

  it('takes the token only in a request body: a token in the address is refused and opens nothing', async () => {
    const app = await askedToFix();
    for (const path of [`/api/applications/fix?token=${app.token}`, `/api/applications/fix/open?token=${app.token}`]) {
      const res = await get(target, path);
      expect(res.status, path).toBe(405);
      expect(JSON.stringify(await res.json())).not.toContain(app.reference);
    }
  });
});

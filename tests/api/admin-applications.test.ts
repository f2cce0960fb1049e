/**
 * Applications in the staff inbox: a lead's `application` (answers in form order, ID numbers
 * masked, the documents' checklist), the application pipeline (Submitted → Documents to fix →
 * Verified → Forwarded → Approved / Rejected) with what each step needs and the applicant's mail
 * with the link, Today and the list's filters.
 */
import { createHash, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../functions/_shared/platform/limits';
import type { ApplicationDetail } from '../../src/lib/schemas/application-review';
import { EMITRA_FORM } from '../../src/lib/schemas/application-forms';
import type { LeadDetail, LeadRow } from '../../src/lib/schemas/lead';
import { rateLimitsOn } from '../support/rate-limits';
import { insertApplication, PDF, submitApplication, uploadDocument } from './staff-application-fixtures';
import { db, eventually, newClientIp, outboxMessages, post as postJson, targets } from './helpers';
import { act, applyLead, dayFromToday, detail, leadState } from './lead-fixtures';
import { signedInAdmin, staffFetch } from './staff';

/** The fix link's token in a mail's text. */
const tokenIn = (mail: string) => /\/fixDocuments#([A-Za-z0-9_-]{43})\b/.exec(mail)?.[1];

describe.each(targets)('applications in the staff inbox on $name', (target) => {
  let admin: Awaited<ReturnType<typeof signedInAdmin>>;
  beforeAll(async () => {
    admin = await signedInAdmin(target, 'applications');
  });

  const post = async (id: string, body: unknown) => {
    const res = await act(target, admin.cookie, id, body);
    return { status: res.status, body: await res.json() };
  };
  const read = async (id: string) => (await (await detail(target, admin.cookie, id)).json()) as LeadDetail;
  const application = (item: LeadDetail) => item.application as ApplicationDetail;
  const appState = (id: string) =>
    db(
      target,
      `select fix_slots, fix_note, fix_token_hash, fix_requested_at is not null as asked, portal_reference, closed_at is not null as closed from applications where lead_id = $1`,
      [id],
    ).then((rows) => rows[0]);

  it("gives an application's answers in form order with ID numbers masked, and its documents as a checklist", async () => {
    const app = await insertApplication(target, { skip: ['rscit'] });
    const item = await read(app.id);
    expect(item).toMatchObject({ kind: 'emitra', form: '/EmitraForm', status: 'submitted', reference: app.reference });
    const a = application(item);
    expect(a.form).toBe('emitra');
    expect(a.formLabel).toBe('Kiosk (e-Mitra) registration');
    expect(a.sections.map((s) => s.title)).toEqual(EMITRA_FORM.sections.map((s) => s.title));
    expect(a.sections.flatMap((s) => s.fields.map((f) => f.name))).toEqual(EMITRA_FORM.sections.flatMap((s) => s.fields.map((f) => f.name)));
    const field = (name: string) => a.sections.flatMap((s) => s.fields).find((f) => f.name === name)!;
    expect(field('aadharNo')).toEqual({ name: 'aadharNo', label: 'Aadhaar number', value: '•••• 2346', sealed: true });
    expect(field('panNo')).toMatchObject({ value: '•••• 234F', sealed: true });
    expect(field('bankAccountNumber')).toMatchObject({ value: '•••• 8901', sealed: true });
    expect(field('location')).toEqual({ name: 'location', label: 'Location', value: 'Rural', sealed: false });
    expect(field('dob').value).toBe('14 May 1990');
    expect(field('name').value).toBe(app.name);
    // Nothing in the whole answer holds a full ID number.
    const text = JSON.stringify(item);
    for (const secret of ['234123412346', 'ABCDE1234F', '12345678901', '998877665544', '1234567890']) expect(text).not.toContain(secret);

    expect(a.documents.map((d) => d.slot)).toEqual(EMITRA_FORM.documents.map((d) => d.slot));
    const doc = (slot: string) => a.documents.find((d) => d.slot === slot)!;
    expect(doc('applicantPhoto')).toMatchObject({
      label: 'Applicant photo',
      required: true,
      imagesOnly: true,
      state: 'received',
      uploadId: app.documents['applicantPhoto'],
      fileName: 'applicantPhoto.jpg',
      type: 'image/jpeg',
      size: 48213,
    });
    expect(doc('rscit')).toMatchObject({ label: 'RS-CIT certificate', required: true, state: 'missing', uploadId: null });
    expect(doc('rentAgreement')).toMatchObject({ required: false, state: 'missing', uploadId: null });
    expect(a).toMatchObject({ portalReference: null, fix: null, closedAt: null, purgedAt: null, consent: { version: '2026-11' } });

    // An enquiry has no application.
    const enquiry = await applyLead(target);
    expect((await read(enquiry.id)).application).toBeNull();
  });

  it('opens a document through a link made for one view: the stored bytes, as an attachment, never cached, each view audited', async () => {
    const app = await submitApplication(target);
    const item = await read(app.id);
    expect(item).toMatchObject({ kind: 'emitra', form: '/EmitraForm', status: 'submitted' });
    const documents = application(item).documents;
    expect(documents.filter((d) => d.required).every((d) => d.state === 'received')).toBe(true);
    // The photo's size as kept: re-encoded by the check.
    const photoItem = documents.find((d) => d.slot === 'applicantPhoto')!;
    expect(photoItem).toMatchObject({
      uploadId: app.documents['applicantPhoto'],
      type: 'image/jpeg',
      size: expect.any(Number),
      fileName: 'applicantPhoto.jpg',
    });
    expect(documents.find((d) => d.slot === 'marksheet')).toMatchObject({ type: 'application/pdf', size: PDF.length });
    // The form's own answers, sealed numbers masked.
    const fields = application(item).sections.flatMap((x) => x.fields);
    expect(fields.find((f) => f.name === 'aadharNo')!.value).toBe('•••• 2346');
    expect(fields.find((f) => f.name === 'kioskName')!.value).toBe('Ramesh e-Mitra');

    const views = () => db(target, `select action, entity_id, detail from audit_log where action = 'view-document' and entity_id = $1 order by id`, [app.id]);
    const open = (uploadId: string, headers: Record<string, string> = {}) => staffFetch(target, `/api/admin/documents/${uploadId}`, admin.cookie, { headers });
    const res = await open(app.documents['applicantPhoto']!);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const link = await res.json();
    expect(link).toMatchObject({ type: 'image/jpeg', name: 'applicant-photo.jpg' });
    expect(Date.parse(link.expiresAt) - Date.now()).toBeGreaterThan(50_000);
    expect(Date.parse(link.expiresAt) - Date.now()).toBeLessThanOrEqual(60_000);
    expect(await views()).toEqual([
      {
        action: 'view-document',
        entity_id: app.id,
        detail: { uploadId: app.documents['applicantPhoto'], slot: 'applicantPhoto', form: 'emitra', subject: app.reference },
      },
    ]);

    const file = await target.fetch(link.url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/jpeg');
    expect(file.headers.get('cache-control')).toBe('private, no-store');
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="applicant-photo.jpg"; filename*=UTF-8''applicant-photo.jpg`);
    // The photo as the check re-encoded it: the same picture, not the same bytes.
    const shown = Buffer.from(await file.arrayBuffer());
    expect(await sharp(shown).metadata()).toMatchObject({ format: 'jpeg', width: 320, height: 400 });
    expect(shown.length).toBe(photoItem.size);
    // A link whose signature was changed opens nothing.
    const forged = new URL(link.url, target.url);
    forged.searchParams.set('name', 'other.jpg');
    expect((await target.fetch(forged)).status).toBe(403);

    const pdf = await (await open(app.documents['marksheet']!)).json();
    expect(pdf).toMatchObject({ type: 'application/pdf', name: 'marksheet.pdf' });
    expect(Buffer.from(await (await target.fetch(pdf.url)).arrayBuffer()).equals(PDF)).toBe(true);
    expect(await views()).toHaveLength(2);

    // Only attached documents: an upload of a form never sent, an unknown or malformed id.
    const stray = await uploadDocument(target, randomUUID(), 'marksheet', { name: 'stray.pdf', type: 'application/pdf', bytes: PDF });
    for (const id of [stray, randomUUID(), 'abc', '00000000-0000-0000-0000-000000000000']) {
      const refused = await open(id);
      expect(refused.status, id).toBe(404);
      expect((await refused.json()).message).toBe('This document was not found.');
    }
    // From another site: refused, even with the staff cookie.
    const crossSite = await open(app.documents['marksheet']!, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
    expect(crossSite.status).toBe(403);
    // Nobody signed in.
    expect((await staffFetch(target, `/api/admin/documents/${app.documents['marksheet']}`, null)).status).toBe(401);
    expect(await views()).toHaveLength(2);
  });

  it('shows one ID number in full on request, with an audit line naming it; refuses anything else', async () => {
    const app = await insertApplication(target);
    const reveal = async (id: string, body: unknown, cookie: string | null = admin.cookie, headers: Record<string, string> = {}) => {
      const res = await staffFetch(target, `/api/admin/applications/${id}/reveal`, cookie, { body, headers });
      return { status: res.status, body: await res.json(), headers: res.headers };
    };
    const reveals = () =>
      db(target, `select action, entity, entity_id, detail from audit_log where action = 'reveal' and entity_id = $1 order by id`, [app.id]);

    const shown = await reveal(app.id, { field: 'aadharNo' });
    expect(shown.status, JSON.stringify(shown.body)).toBe(200);
    expect(shown.body).toEqual({ field: 'aadharNo', value: '234123412346' });
    expect(shown.headers.get('cache-control')).toBe('no-store');
    expect(await reveals()).toEqual([
      { action: 'reveal', entity: 'application', entity_id: app.id, detail: { field: 'aadharNo', label: 'Aadhaar number', subject: app.reference } },
    ]);
    const expected = { panNo: 'ABCDE1234F', janAadharNo: '1234567890', bankAccountNumber: '12345678901', odAccount: '998877665544' };
    for (const [field, value] of Object.entries(expected)) expect((await reveal(app.id, { field })).body.value, field).toBe(value);
    expect(await reveals()).toHaveLength(5);

    const refusals: [string, unknown, number, string][] = [
      [app.id, { field: 'name' }, 404, 'This application has no such ID number.'],
      [app.id, { field: 'voterIdNumber' }, 404, 'This application has no such ID number.'],
      [app.id, { field: 'constructor' }, 404, 'This application has no such ID number.'],
      ['999999999', { field: 'aadharNo' }, 404, 'This application was not found.'],
      ['abc', { field: 'aadharNo' }, 404, 'This application was not found.'],
    ];
    for (const [id, body, status, message] of refusals) {
      const res = await reveal(id, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.message).toBe(message);
    }
    const bad = await reveal(app.id, {});
    expect(bad.status).toBe(400);
    expect(bad.body.errors.field).toBe('Please say which number to show.');
    // An enquiry has no ID numbers.
    const enquiry = await applyLead(target);
    expect((await reveal(enquiry.id, { field: 'aadharNo' })).status).toBe(404);
    expect(await reveals()).toHaveLength(5);

    // One account showing numbers by the hundred is stopped (and the institute told); nothing shown.
    const limitKey = `reveal:staff#${admin.staff.id}`;
    await rateLimitsOn((text, params) => db(target, text, params)).setHits('reveal:staff', admin.staff.id, LIMITS['reveal:staff'].max);
    const stopped = await reveal(app.id, { field: 'aadharNo' });
    expect(stopped.status).toBe(429);
    expect(stopped.body.message).toBe(
      'You have shown many ID numbers in the last hour, so showing more is paused for a while. The masked numbers stay on screen; please try again later.',
    );
    expect(JSON.stringify(stopped.body)).not.toContain('234123412346');
    expect(Number(stopped.headers.get('retry-after'))).toBeGreaterThan(3000);
    expect(await reveals()).toHaveLength(5);
    await eventually(async () => expect(await outboxMessages(target, 'A staff account was stopped from showing more ID numbers')).not.toHaveLength(0));
    await db(target, 'delete from rate_limits where key = $1', [limitKey]);

    // Deleted at the end of the retention period: gone, and said so.
    const purged = await insertApplication(target, { purged: true });
    const gone = await reveal(purged.id, { field: 'aadharNo' });
    expect(gone.status).toBe(410);
    expect(gone.body.message).toBe('The ID numbers of this application were deleted at the end of the retention period.');
    const item = application(await read(purged.id));
    expect(item.purgedAt).not.toBeNull();
    expect(
      item.sections
        .flatMap((x) => x.fields)
        .filter((f) => f.sealed)
        .every((f) => f.value === null),
    ).toBe(true);
    expect(item.documents.every((d) => d.state === 'missing' && d.uploadId === null)).toBe(true);
  });

  it('asks for documents again: checks the slots, stores the request, mails the applicant a working link', async () => {
    const app = await insertApplication(target);
    const before = await leadState(target, app.id);
    const refusals: [unknown, string, string][] = [
      [{ status: 'documents-to-fix', slots: [] }, 'next.slots', 'Please choose at least one document to be uploaded again.'],
      [{ status: 'documents-to-fix' }, 'next.slots', 'Please choose at least one document to be uploaded again.'],
      [{ status: 'documents-to-fix', slots: ['photo'] }, 'next.slots', 'Please choose documents of this form.'],
      [{ status: 'documents-to-fix', slots: ['panCardCopy'], note: 'x' }, 'next.note', 'Please write at least 2 characters for the note to the applicant.'],
      [{ status: 'approved' }, 'status', 'A lead that is Submitted cannot move to Approved.'],
      [{ status: 'forwarded', portalReference: 'RJ-1' }, 'status', 'A lead that is Submitted cannot move to Forwarded.'],
      [{ status: 'contacted', followUp: '2099-01-01' }, 'next.followUp', 'Please choose the next follow-up date within a year.'],
      [{ status: 'rejected' }, 'next.reason', 'Please enter the reason.'],
      [{ status: 'rejected', reason: '  ' }, 'next.reason', 'Please enter the reason.'],
      [{ status: 'forwarded', portalReference: '' }, 'next.portalReference', "Please enter the portal's reference."],
    ];
    for (const [next, field, message] of refusals) {
      const res = await post(app.id, { action: 'move', version: 1, next });
      expect(res.status, JSON.stringify(next)).toBe(400);
      expect(res.body.errors?.[field], JSON.stringify(res.body)).toBe(message);
    }
    // An enquiry's step on an application.
    const contacted = await post(app.id, { action: 'move', version: 1, next: { status: 'contacted', followUp: dayFromToday(1) } });
    expect(contacted.body.errors?.status).toBe('A lead that is Submitted cannot move to Contacted.');
    expect(await leadState(target, app.id)).toEqual(before);
    expect((await appState(app.id))!['asked']).toBe(false);

    const note = 'The PAN card copy is cut off at the bottom; the photo is too dark.';
    const res = await post(app.id, {
      action: 'move',
      version: 1,
      next: { status: 'documents-to-fix', slots: ['panCardCopy', 'applicantPhoto', 'panCardCopy'], note },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Status changed to Documents to fix: the applicant is e-mailed a link to upload the documents again.');
    const a = application(res.body.item);
    expect(res.body.item).toMatchObject({ status: 'documents-to-fix', version: 2, followUp: null });
    expect(a.fix).toMatchObject({ slots: ['applicantPhoto', 'panCardCopy'], note, open: true });
    expect(new Date(a.fix!.expiresAt!).getTime() - new Date(a.fix!.requestedAt).getTime()).toBe(14 * 86_400_000);
    expect(a.documents.filter((d) => d.state === 'to-fix').map((d) => d.slot)).toEqual(['applicantPhoto', 'panCardCopy']);
    expect(res.body.item.timeline.at(-1).summary).toBe(`Status: Submitted → Documents to fix; asked again for Applicant photo, PAN card copy: ${note}`);

    // The mail: to the applicant, naming the documents and the note, with the link.
    const [mail] = await eventually(async () => {
      const found = await outboxMessages(target, `To: ${app.email}`);
      expect(found.filter((m) => m.includes('Please upload documents again'))).toHaveLength(1);
      return found.filter((m) => m.includes('Please upload documents again'));
    });
    expect(mail).toContain(`Subject: Please upload documents again: ${app.reference}`);
    // In the form's order, whatever the order chosen.
    expect(mail).toContain('- Applicant photo\n- PAN card copy');
    expect(mail).toContain(note);
    const token = tokenIn(mail!);
    expect(token).toBeDefined();
    const stored = await appState(app.id);
    expect(stored).toMatchObject({ fix_slots: ['applicantPhoto', 'panCardCopy'], fix_note: note, asked: true });
    // Only the token's hash is stored.
    expect(stored!['fix_token_hash']).toBe(createHash('sha256').update(token!).digest('hex'));
    const [outbox] = await db(
      target,
      `select kind, recipient, subject, sent_at is not null as sent from mail_outbox where lead_id = $1 and kind = 'applicant'`,
      [app.id],
    );
    expect(outbox).toMatchObject({ kind: 'applicant', recipient: app.email, subject: `Please upload documents again: ${app.reference}` });
    await eventually(async () =>
      expect((await read(app.id)).timeline.map((t) => t.summary)).toContain(`E-mailed the applicant: Please upload documents again: ${app.reference}.`),
    );

    // Asked again: a new link replaces the old.
    const again = await post(app.id, { action: 'move', version: 2, next: { status: 'documents-to-fix', slots: ['marksheet'] } });
    expect(again.status).toBe(200);
    expect(again.body.message).toBe('Status changed to Documents to fix: the applicant is e-mailed a link to upload the document again.');
    expect((await appState(app.id))!['fix_token_hash']).not.toBe(stored!['fix_token_hash']);
  });

  it('takes the fixed documents back from the applicant: the old file replaced, the application submitted and untouched again', async () => {
    const app = await submitApplication(target);
    await post(app.id, { action: 'note', text: 'Looked at it.' });
    const asked = await post(app.id, {
      action: 'move',
      version: 1,
      next: { status: 'documents-to-fix', slots: ['panCardCopy'], note: 'Cut off at the bottom.' },
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const mails = await eventually(async () => {
      const found = (await outboxMessages(target, `To: ${app.email}`)).filter((m) => m.includes('Please upload documents again'));
      expect(found).toHaveLength(1);
      return found;
    });
    const token = tokenIn(mails[0]!)!;

    // The applicant's side (the fix page): the documents asked for, a new upload under the link.
    const ip = newClientIp();
    const opened = await postJson(target, '/api/applications/fix/open', { token }, {}, ip);
    expect(opened.status).toBe(200);
    expect((await opened.json()).documents).toEqual([{ slot: 'panCardCopy', label: 'PAN card copy', imagesOnly: false }]);
    // Another PDF (a comment before its trailer: a PDF ends with %%EOF, nothing after it).
    const newPdf = Buffer.from(PDF.toString('latin1').replace('trailer', '% a clearer scan\ntrailer'), 'latin1');
    const policy = await (
      await postJson(target, '/api/uploads', { fix: token, slot: 'panCardCopy', name: 'pan-clear.pdf', type: 'application/pdf', size: newPdf.length }, {}, ip)
    ).json();
    const form = new FormData();
    for (const [name, value] of Object.entries(policy.fields as Record<string, string>)) form.set(name, value);
    form.set('file', new Blob([newPdf]));
    expect((await target.fetch(policy.url, { method: 'POST', body: form })).status).toBe(201);
    expect((await postJson(target, '/api/uploads/check', { uploadId: policy.uploadId, fix: token }, {}, ip)).status).toBe(200);
    const sent = await postJson(target, '/api/applications/fix', { token, documents: { panCardCopy: policy.uploadId } }, {}, ip);
    expect(sent.status, await sent.clone().text()).toBe(200);

    // Staff's side.
    const item = await read(app.id);
    expect(item).toMatchObject({ status: 'submitted', touchedAt: null });
    const pan = application(item).documents.find((d) => d.slot === 'panCardCopy')!;
    expect(pan).toMatchObject({ state: 'replaced', uploadId: policy.uploadId, fileName: 'pan-clear.pdf', size: newPdf.length });
    expect(application(item).fix).toMatchObject({ slots: ['panCardCopy'], note: 'Cut off at the bottom.', open: false });
    expect(item.timeline.map((t) => t.summary)).toContain('Status: Documents to fix → Submitted; new files from the applicant for PAN card copy.');
    const today = await (await staffFetch(target, '/api/admin/today', admin.cookie)).json();
    expect(today.untouched.map((l: LeadRow) => l.reference)).toContain(app.reference);
    // The old file is gone, and a link to it says why.
    const old = await staffFetch(target, `/api/admin/documents/${app.documents['panCardCopy']}`, admin.cookie);
    expect(old.status).toBe(410);
    expect((await old.json()).message).toBe('This file was replaced by a newer one the applicant sent. Please open the document again from the checklist.');
    const fresh = await (await staffFetch(target, `/api/admin/documents/${policy.uploadId}`, admin.cookie)).json();
    expect(Buffer.from(await (await target.fetch(fresh.url)).arrayBuffer()).equals(newPdf)).toBe(true);
  });

  it('goes Verified → Forwarded with the portal reference → Approved, closing the application; the link stops working', async () => {
    const app = await insertApplication(target);
    await post(app.id, { action: 'move', version: 1, next: { status: 'documents-to-fix', slots: ['affidavit'] } });
    let res = await post(app.id, { action: 'move', version: 2, next: { status: 'verified' } });
    expect(res.body.message).toBe('Status changed to Verified.');
    expect((await appState(app.id))!['fix_token_hash']).toBeNull();
    expect(application(res.body.item).fix).toMatchObject({ slots: ['affidavit'], open: false });
    expect(application(res.body.item).documents.find((d) => d.slot === 'affidavit')!.state).toBe('received');

    res = await post(app.id, { action: 'move', version: 3, next: { status: 'forwarded' } });
    expect(res.status).toBe(400);
    expect(res.body.errors['next.portalReference']).toBe("Please enter the portal's reference.");
    res = await post(app.id, { action: 'move', version: 3, next: { status: 'forwarded', portalReference: '  RJ-KIOSK-2026-4471 ' } });
    expect(res.body.message).toBe('Status changed to Forwarded.');
    expect(application(res.body.item).portalReference).toBe('RJ-KIOSK-2026-4471');
    expect(res.body.item.timeline.at(-1).summary).toBe('Status: Verified → Forwarded; portal reference RJ-KIOSK-2026-4471.');

    res = await post(app.id, { action: 'move', version: 4, next: { status: 'approved' } });
    expect(res.body.item).toMatchObject({ status: 'approved', version: 5 });
    expect(application(res.body.item).closedAt).not.toBeNull();
    expect(await appState(app.id)).toMatchObject({ closed: true, portal_reference: 'RJ-KIOSK-2026-4471' });
    // Approved is final.
    res = await post(app.id, { action: 'move', version: 5, next: { status: 'rejected', reason: 'Changed our mind' } });
    expect(res.body.errors.status).toBe('A lead that is Approved cannot move to Rejected.');
  });

  it('rejects with a reason, kept as why the lead was closed', async () => {
    const app = await insertApplication(target);
    const res = await post(app.id, { action: 'move', version: 1, next: { status: 'rejected', reason: 'The police verification is from another district.' } });
    expect(res.status).toBe(200);
    expect(res.body.item).toMatchObject({ status: 'rejected', lostNote: 'The police verification is from another district.', lostReason: null });
    expect(application(res.body.item).closedAt).not.toBeNull();
    expect(res.body.item.timeline.at(-1).summary).toBe('Status: Submitted → Rejected; because: The police verification is from another district.');
  });

  it("records a call about an application without moving it; an enquiry's call still needs its next step", async () => {
    const app = await insertApplication(target);
    const res = await post(app.id, { action: 'contact', version: 1, channel: 'call', outcome: 'reached', note: 'Will send a clearer photo.' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Outcome recorded.');
    expect(res.body.item).toMatchObject({ status: 'submitted', version: 2 });
    expect(res.body.item.touchedAt).not.toBeNull();
    expect(res.body.item.timeline.at(-1).summary).toBe('Call: Spoke with them. Will send a clearer photo.');
    // From an old version: 409.
    expect((await post(app.id, { action: 'contact', version: 1, channel: 'call', outcome: 'reached' })).status).toBe(409);

    const enquiry = await applyLead(target);
    const refused = await post(enquiry.id, { action: 'contact', version: 1, channel: 'call', outcome: 'reached' });
    expect(refused.status).toBe(400);
    expect(refused.body.errors['next.status']).toBe('Please choose the next step.');
  });

  it('lists untouched submitted applications on Today, and filters the list by form and status', async () => {
    const app = await insertApplication(target);
    const today = await (await staffFetch(target, '/api/admin/today', admin.cookie)).json();
    expect(today.untouched.map((l: LeadRow) => l.reference)).toContain(app.reference);

    const list = async (query: string) => {
      const res = await staffFetch(target, `/api/admin/leads?${query}`, admin.cookie);
      return { status: res.status, body: await res.json() };
    };
    let res = await list(`kind=emitra&status=submitted&q=${app.reference}`);
    expect(res.body.items.map((l: LeadRow) => l.reference)).toEqual([app.reference]);
    expect(res.body.items[0]).toMatchObject({ kind: 'emitra', status: 'submitted', form: '/EmitraForm' });
    res = await list(`kind=nielit&q=${app.reference}`);
    expect(res.body.items).toEqual([]);
    res = await list(`status=verified&q=${app.reference}`);
    expect(res.body.items).toEqual([]);
    res = await list('status=sent-away');
    expect(res.status).toBe(400);
    expect(res.body.errors.status).toBe('Please choose a status from the list.');

    // A call takes it off Today.
    await post(app.id, { action: 'contact', version: 1, channel: 'call', outcome: 'no-answer' });
    const later = await (await staffFetch(target, '/api/admin/today', admin.cookie)).json();
    expect(later.untouched.map((l: LeadRow) => l.reference)).not.toContain(app.reference);
  });

  it('moves applications in bulk to Verified, skipping enquiries; asks for documents one at a time', async () => {
    const [one, two] = [await insertApplication(target), await insertApplication(target)];
    const enquiry = await applyLead(target);
    const bulk = (body: unknown) => staffFetch(target, '/api/admin/leads/bulk', admin.cookie, { body });
    let res = await bulk({ action: 'move', ids: [one.id, two.id, enquiry.id], next: { status: 'verified' } });
    const body = await res.json();
    expect(body).toMatchObject({ updated: 2, skipped: [{ _id: enquiry.id, reason: 'A lead that is New cannot move to Verified.' }] });
    res = await bulk({ action: 'move', ids: [one.id], next: { status: 'documents-to-fix', slots: ['affidavit'] } });
    expect(res.status).toBe(400);
    expect((await res.json()).errors['next.status']).toBe('Please ask for documents and record a portal reference one application at a time.');
  });
});

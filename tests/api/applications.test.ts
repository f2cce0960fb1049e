import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CONSENT_MESSAGE, FORMS } from '../../src/lib/schemas/application-forms';
import { APPLICATION_FORMS, type ApplicationForm } from '../../src/lib/schemas/uploads';
import forms from '../../content/forms.json';
import {
  aJpeg,
  aPdf,
  anHtmlPage,
  completePayload,
  emailOf,
  fieldsFor,
  fileFor,
  mobileOf,
  objectExists,
  policyFor,
  submit,
  upload,
  uploadRequired,
  uploadsOfDraft,
} from './application-fixtures';
import { db, eventually, get, newClientIp, outboxMessages, post, targets } from './helpers';

const SUCCESS: Record<ApplicationForm, string> = {
  emitra: 'Registration Successful',
  csc: 'Application submitted successfully!',
  iibf: 'Application submitted successfully!',
  nielit: 'Form submitted successfully! Check your email.',
};
const PREFIX: Record<ApplicationForm, string> = { emitra: 'EM', csc: 'CS', iibf: 'IB', nielit: 'NL' };

/** The stored lead and application of `reference`. */
async function stored(target: (typeof targets)[number], reference: string) {
  const [row] = await db<{
    id: string;
    kind: string;
    form: string;
    status: string;
    name: string;
    email: string;
    phone: string;
    consent_version: string;
    consent_at: Date | null;
    touched_at: Date | null;
    fields: Record<string, string>;
    id_numbers: string | null;
    id_key: string | null;
    id_masks: Record<string, string>;
    app_consent: string;
    draft: string;
  }>(
    target,
    `select l.id::text, l.kind, l.form, l.status, l.name, l.email, l.phone, l.consent_version, l.consent_at, l.touched_at,
            a.fields, a.id_numbers, a.id_key, a.id_masks, a.consent_version as app_consent, a.draft::text
       from leads l join applications a on a.lead_id = l.id where l.reference = $1`,
    [reference],
  );
  return row;
}

/** How many leads have this e-mail address (tests use unique ones). */
const leadsWithEmail = async (target: (typeof targets)[number], email: string) =>
  (await db<{ n: number }>(target, 'select count(*)::int as n from leads where email = $1', [email.toLowerCase()]))[0]!.n;

describe.each(targets)('the application forms on $name', (target) => {
  describe.each(APPLICATION_FORMS)('%s as JSON', (form) => {
    it('stores the application complete: lead, answers, sealed ID numbers, masks, documents and both mails', async () => {
      // Two documents left unchecked: the submit reads their bytes itself.
      const payload = await completePayload(target, form, { unchecked: 2 });
      const res = await submit(target, form, { ...payload, attribution: { utmSource: 'Facebook', landingPage: FORMS[form].path } });
      expect(res.status, await res.clone().text()).toBe(201);
      const body = await res.json();
      expect(body.message).toBe(SUCCESS[form]);
      expect(body.reference).toMatch(new RegExp(`^${PREFIX[form]}-\\d{4}-\\d{5}$`));

      const row = (await stored(target, body.reference))!;
      const def = FORMS[form];
      expect(row).toMatchObject({
        kind: form,
        form: def.path,
        status: 'submitted',
        email: emailOf(form, payload),
        phone: `+91${mobileOf(form, payload)}`,
        consent_version: forms.applicationConsent.version,
        app_consent: forms.applicationConsent.version,
        draft: payload.draft,
        touched_at: null,
      });
      expect(row.consent_at).not.toBeNull();
      const [channel] = await db<{ channel: string }>(target, 'select channel from leads where id = $1', [row.id]);
      expect(channel!.channel).toBe('facebook');

      // Every answer but the ID numbers is stored as given (normalised by the schema)…
      const sealed = def.sections.flatMap((s) => s.fields).filter((f) => f.sealed);
      const plain = def.sections.flatMap((s) => s.fields).filter((f) => !f.sealed);
      expect(Object.keys(row.fields).sort()).toEqual(plain.map((f) => f.name).sort());
      // …and the ID numbers only sealed: not in the fields, not readable in the sealed text.
      const all = JSON.stringify(row);
      for (const field of sealed) {
        const value = payload[field.name as keyof typeof payload] as string;
        expect(all).not.toContain(value);
        expect(row.id_masks[field.name]).toBe(`•••• ${value.slice(-4)}`);
      }
      if (sealed.length) {
        expect(row.id_numbers).toMatch(/^v1\.[\w-]+\.[\w-]+$/);
        expect(row.id_key).toBe('local');
      } else {
        expect(row.id_numbers).toBeNull();
        expect(row.id_masks).toEqual({});
      }

      // Each document attached to this application.
      const uploads = await uploadsOfDraft(target, payload.draft);
      expect(uploads.map((u) => u.slot).sort()).toEqual(Object.keys(payload.documents).sort());
      expect(uploads.every((u) => u.lead_id === row.id && u.checked_at !== null && u.deleted_at === null)).toBe(true);

      // The institute is told, and the applicant gets the reference and the status page.
      const mails = await eventually(async () => {
        const found = await outboxMessages(target, body.reference);
        expect(found).toHaveLength(2);
        return found;
      });
      const confirmation = mails.find((m) => m.includes(`\nTo: ${emailOf(form, payload)}\n`))!;
      expect(confirmation).toContain(`Your reference: ${body.reference}`);
      expect(confirmation).toMatch(/\/applicationStatus/);
      const notification = mails.find((m) => m !== confirmation)!;
      expect(notification).toContain('To: institute@localhost');
      for (const mail of mails) for (const field of sealed) expect(mail).not.toContain(payload[field.name as keyof typeof payload] as string);
    });
  });

  describe.each(APPLICATION_FORMS)('%s as multipart/form-data', (form) => {
    it('stores the files it carries and the application, once', async () => {
      const fields = fieldsFor(form);
      const body = new FormData();
      for (const [name, value] of Object.entries(fields)) body.append(name, value);
      body.append('consent', 'true');
      for (const doc of FORMS[form].documents.filter((d) => d.required)) {
        const file = await fileFor(form, doc.slot);
        body.append(doc.slot, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
      }
      const key = randomUUID();
      const send = () => target.fetch(FORMS[form].endpoint, { method: 'POST', body, headers: { 'x-forwarded-for': newClientIp(), 'idempotency-key': key } });
      const res = await send();
      expect(res.status, await res.clone().text()).toBe(201);
      const answer = await res.json();
      expect(answer.message).toBe(SUCCESS[form]);
      const row = (await stored(target, answer.reference))!;
      expect(row.status).toBe('submitted');
      const uploads = await uploadsOfDraft(target, row.draft);
      expect(uploads).toHaveLength(FORMS[form].documents.filter((d) => d.required).length);
      expect(uploads.every((u) => u.lead_id === row.id && u.checked_at !== null)).toBe(true);
      for (const u of uploads) expect(await objectExists(target, u.key)).toBe(true);

      // Sent again with the same key: the same reference, and no second copy of the files.
      const again = await send();
      expect(again.status).toBe(201);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect((await again.json()).reference).toBe(answer.reference);
      expect(await leadsWithEmail(target, emailOf(form, fields))).toBe(1);
      const [count] = await db<{ n: number }>(target, `select count(*)::int as n from uploads where draft = $1`, [row.draft]);
      expect(count!.n).toBe(uploads.length);
    });
  });

  it('multipart: a refused file after others were stored leaves nothing (the others deleted too)', async () => {
    const form = 'iibf';
    const fields = fieldsFor(form);
    const draft = randomUUID();
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    body.append('consent', 'on');
    body.append('draft', draft);
    for (const doc of FORMS[form].documents) {
      const file = doc.slot === 'casteCertificate' ? { name: 'caste.pdf', type: 'application/pdf', bytes: anHtmlPage() } : await fileFor(form, doc.slot);
      body.append(doc.slot, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
    }
    const res = await target.fetch('/api/IIBF', { method: 'POST', body, headers: { 'x-forwarded-for': newClientIp() } });
    expect(res.status).toBe(422);
    const answer = await res.json();
    expect(answer.errors['documents.casteCertificate']).toMatch(/not a real PDF/);
    expect(await leadsWithEmail(target, fields.email!)).toBe(0);
    const uploads = await uploadsOfDraft(target, draft);
    expect(uploads.length).toBeGreaterThan(0);
    for (const u of uploads) {
      expect(u.deleted_at, u.slot).not.toBeNull();
      expect(u.lead_id).toBeNull();
      expect(await objectExists(target, u.key), u.slot).toBe(false);
    }
  });

  it('multipart: a missing required file, an unknown file and a request over 4 MB are refused', async () => {
    const fields = fieldsFor('nielit');
    const base = () => {
      const body = new FormData();
      for (const [name, value] of Object.entries(fields)) body.append(name, value);
      body.append('consent', 'true');
      return body;
    };
    const send = (body: FormData) => target.fetch('/api/submit', { method: 'POST', body, headers: { 'x-forwarded-for': newClientIp() } });

    const missing = base();
    missing.append('photo', new Blob([new Uint8Array(await aJpeg())], { type: 'image/jpeg' }), 'photo.jpg');
    let res = await send(missing);
    expect(res.status).toBe(400);
    const errors = (await res.json()).errors;
    expect(errors['documents.signature']).toBe('Please upload required file: Signature');
    expect(errors['documents.apaarID']).toBe('Please upload required file: APAAR ID');

    const unknown = base();
    unknown.append('resume', new Blob([new Uint8Array(aPdf())], { type: 'application/pdf' }), 'cv.pdf');
    res = await send(unknown);
    expect(res.status).toBe(400);
    expect((await res.json()).errors['documents.resume']).toBe('This form has no document called "resume".');

    const large = base();
    large.append('photo', new Blob([new Uint8Array(4 * 1024 * 1024 + 10)], { type: 'image/jpeg' }), 'huge.jpg');
    res = await send(large);
    expect(res.status).toBe(413);
    expect((await res.json()).message).toMatch(/^The form and its files together are over 4 MB/);
    expect(await leadsWithEmail(target, fields.email!)).toBe(0);
  });

  it("refuses each bad field with the specification's message, and stores nothing", async () => {
    const payload: Record<string, unknown> = { ...fieldsFor('emitra'), documents: {}, draft: randomUUID(), consent: true };
    const email = emailOf('emitra', payload);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...payload, name: '' }, 'name', 'Please fill in the field: Name'],
      [{ ...payload, kioskName: '   ' }, 'kioskName', 'Please fill in the field: Kiosk name'],
      [{ ...payload, panNo: 'ABCD1234F' }, 'panNo', 'Invalid PAN Number. Format: AAAAA9999A'],
      [{ ...payload, janAadharNo: '12345' }, 'janAadharNo', 'Invalid Jan Aadhaar Number. Must be 10 digits.'],
      [{ ...payload, contactNumber: '98290' }, 'contactNumber', 'Invalid Contact Number. Must be 10 digits.'],
      [{ ...payload, ifsc: 'SBIN1234567' }, 'ifsc', 'Invalid IFSC Code. Format: ABCD0EFGHIJ'],
      [{ ...payload, pincode: '3061' }, 'pincode', 'Invalid Pincode. Must be 6 digits.'],
      [{ ...payload, aadharNo: '12345' }, 'aadharNo', 'Invalid Aadhaar Number. Must be 12 digits.'],
      [{ ...payload, location: 'Suburban' }, 'location', 'Please fill in the field: Location'],
      [{ ...payload, consent: false }, 'consent', CONSENT_MESSAGE],
      [{ ...payload, draft: 'abc' }, 'draft', 'The form has no valid draft id. Please reload the page.'],
      [payload, 'documents.policeVerificationPali', 'Please upload required file: Police verification (Pali)'],
      [{ ...payload, documents: { applicantPhoto: 'not-an-id' } }, 'documents.applicantPhoto', 'Please choose the file again.'],
    ];
    for (const [body, field, message] of cases) {
      const res = await submit(target, 'emitra', body);
      expect(res.status, field).toBe(400);
      const answer = await res.json();
      expect(answer.errors[field], field).toBe(message);
    }
    // The other forms' own wording of the mobile number rule.
    const csc = await submit(target, 'csc', { ...fieldsFor('csc'), contact: '12345', documents: {}, draft: randomUUID(), consent: true });
    expect((await csc.json()).errors.contact).toBe('Contact number must be exactly 10 digits.');
    const nielit = await submit(target, 'nielit', { ...fieldsFor('nielit'), mobile: '12', documents: {}, draft: randomUUID(), consent: true });
    expect((await nielit.json()).errors.mobile).toBe('Please enter a valid 10-digit mobile number.');
    expect(await leadsWithEmail(target, email)).toBe(0);
  });

  it('refuses what is not a form submission: bad JSON, other types, other methods, other sites, bad keys, too large', async () => {
    const route = '/api/CSC';
    let res = await post(target, route, '{"name": ');
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe('The request body is not valid JSON.');
    res = await post(target, route, 'name=x', { 'content-type': 'text/plain' });
    expect(res.status).toBe(415);
    expect((await res.json()).message).toBe('Please send the data as JSON or as multipart/form-data.');
    res = await post(target, route, { ...fieldsFor('csc') }, { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    res = await post(target, route, { ...fieldsFor('csc') }, { 'idempotency-key': 'twice' });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe('The Idempotency-Key header must be a UUID.');
    res = await post(target, route, { ...fieldsFor('csc'), bankName: 'x'.repeat(40_000) });
    expect(res.status).toBe(413);
    res = await get(target, route);
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
  });

  it('refuses documents that are not uploads of this form, and stores nothing', async () => {
    const payload = await completePayload(target, 'iibf');
    const other = await completePayload(target, 'iibf');
    const email = emailOf('iibf', payload);
    const cases: [Record<string, string>, string, string][] = [
      // Another fill's upload; an unknown id; this fill's photo given as its signature.
      [
        { ...payload.documents, panCard: other.documents['panCard']! },
        'documents.panCard',
        'The file for PAN card was not uploaded with this form. Please choose it again.',
      ],
      [{ ...payload.documents, photo: randomUUID() }, 'documents.photo', 'The file for Photo was not uploaded with this form. Please choose it again.'],
      [
        { ...payload.documents, signature: payload.documents['photo']! },
        'documents.signature',
        'The file for Signature was not uploaded with this form. Please choose it again.',
      ],
    ];
    for (const [documents, field, message] of cases) {
      const res = await submit(target, 'iibf', { ...payload, documents });
      expect(res.status, field).toBe(422);
      const answer = await res.json();
      expect(answer.message).toBe('Some documents could not be used. Please choose them again, then send the form.');
      expect(answer.errors[field]).toBe(message);
    }
    // An upload the policy was made for but whose file never arrived.
    const policy = await policyFor(target, { form: 'iibf', draft: payload.draft }, 'qualificationDoc', {
      name: 'q.pdf',
      type: 'application/pdf',
      bytes: aPdf(),
    });
    const res = await submit(target, 'iibf', { ...payload, documents: { ...payload.documents, qualificationDoc: policy.uploadId } });
    expect(res.status).toBe(422);
    expect((await res.json()).errors['documents.qualificationDoc']).toMatch(/did not finish/);
    expect(await leadsWithEmail(target, email)).toBe(0);
    expect((await uploadsOfDraft(target, payload.draft)).every((u) => u.lead_id === null)).toBe(true);
  });

  it('an upload deleted between its check and the submit stores nothing; the form sent again with a new file is stored', async () => {
    const payload = await completePayload(target, 'nielit');
    const photo = payload.documents['photo']!;
    await db(target, `update uploads set deleted_at = now(), delete_reason = 'orphan' where id = $1`, [photo]);
    let res = await submit(target, 'nielit', payload);
    expect(res.status).toBe(422);
    expect((await res.json()).errors['documents.photo']).toBe('The file for Photo is no longer stored. Please choose it again.');
    expect(await leadsWithEmail(target, emailOf('nielit', payload))).toBe(0);
    expect((await uploadsOfDraft(target, payload.draft)).every((u) => u.lead_id === null)).toBe(true);

    const again = await upload(target, { form: 'nielit', draft: payload.draft }, 'photo', await fileFor('nielit', 'photo'));
    res = await submit(target, 'nielit', { ...payload, documents: { ...payload.documents, photo: again } });
    expect(res.status).toBe(201);
    const attached = (await uploadsOfDraft(target, payload.draft)).filter((u) => u.lead_id !== null);
    expect(attached.map((u) => u.id)).toContain(again);
    expect(attached.map((u) => u.id)).not.toContain(photo);
  });

  it('a file refused by its bytes at the submit (HTML named .pdf) is deleted and nothing is stored', async () => {
    const draft = randomUUID();
    const fields = fieldsFor('iibf');
    const documents = await uploadRequired(target, 'iibf', draft);
    const fake = await upload(
      target,
      { form: 'iibf', draft },
      'casteCertificate',
      { name: 'caste.pdf', type: 'application/pdf', bytes: anHtmlPage() },
      { check: false },
    );
    const res = await submit(target, 'iibf', { ...fields, documents: { ...documents, casteCertificate: fake }, draft, consent: true });
    expect(res.status).toBe(422);
    expect((await res.json()).errors['documents.casteCertificate']).toMatch(/not a real PDF/);
    const [row] = await db<{ deleted_at: Date | null; delete_reason: string | null; key: string }>(
      target,
      'select deleted_at, delete_reason, key from uploads where id = $1',
      [fake],
    );
    expect(row!.delete_reason).toBe('refused');
    expect(await objectExists(target, row!.key)).toBe(false);
    expect(await leadsWithEmail(target, fields.email!)).toBe(0);
  });

  it('a retried submit is stored once: the same key, or the same draft with a new key, gets the first reference', async () => {
    const payload = await completePayload(target, 'csc');
    const key = randomUUID();
    const first = await submit(target, 'csc', payload, { 'idempotency-key': key });
    expect(first.status).toBe(201);
    const { reference } = await first.json();

    const sameKey = await submit(target, 'csc', payload, { 'idempotency-key': key });
    expect(sameKey.status).toBe(201);
    expect(sameKey.headers.get('idempotent-replayed')).toBe('true');
    expect(await sameKey.json()).toEqual({ message: SUCCESS.csc, reference });

    const sameDraft = await submit(target, 'csc', payload, { 'idempotency-key': randomUUID() });
    expect(sameDraft.status).toBe(201);
    expect(sameDraft.headers.get('idempotent-replayed')).toBe('true');
    expect((await sameDraft.json()).reference).toBe(reference);

    const otherBody = await submit(target, 'csc', { ...payload, bankName: 'Another Bank' }, { 'idempotency-key': key });
    expect(otherBody.status).toBe(422);
    expect((await otherBody.json()).message).toBe('This Idempotency-Key was already used for a different request.');

    // Twins at once: one application, one reference.
    const twin = await completePayload(target, 'csc');
    const answers = await Promise.all([0, 1, 2].map(() => submit(target, 'csc', twin, { 'idempotency-key': randomUUID() })));
    const references = new Set(await Promise.all(answers.map(async (r) => (expect(r.status).toBe(201), (await r.json()).reference))));
    expect(references.size).toBe(1);
    expect(await leadsWithEmail(target, emailOf('csc', payload))).toBe(1);
    expect(await leadsWithEmail(target, emailOf('csc', twin))).toBe(1);
    // One confirmation each, however often they were sent.
    const mails = await eventually(async () => {
      const found = await outboxMessages(target, reference);
      expect(found).toHaveLength(2);
      return found;
    });
    expect(mails.filter((m) => m.includes('Your reference'))).toHaveLength(1);
  });

  it('files the application under the person who enquired before with the same mobile number', async () => {
    const payload = await completePayload(target, 'iibf');
    const apply = await post(target, '/api/apply', {
      name: 'Pooja Sharma',
      email: `other.${randomUUID().slice(0, 8)}@example.in`,
      phone: payload['mobile'],
      department: 'dl',
      course: 'RS-CIT (Basic)',
      consent: true,
    });
    expect(apply.status).toBe(201);
    const res = await submit(target, 'iibf', payload);
    const { reference } = await res.json();
    const people = await db<{ person_id: string }>(target, 'select distinct person_id::text from leads where reference = any($1)', [
      [reference, (await apply.json()).reference],
    ]);
    expect(people).toHaveLength(1);
  });

  it('a filled honeypot is answered like a person and nothing is stored', async () => {
    const fields = fieldsFor('iibf');
    const res = await submit(target, 'iibf', {
      ...fields,
      documents: Object.fromEntries(FORMS.iibf.documents.map((d) => [d.slot, randomUUID()])),
      draft: randomUUID(),
      consent: true,
      website: 'http://spam.example',
    });
    expect(res.status).toBe(201);
    expect((await res.json()).message).toBe(SUCCESS.iibf);
    expect(await leadsWithEmail(target, fields.email!)).toBe(0);
  });

  it('limits one mobile number to five applications a day from one network, and a stranger there does not stop the person elsewhere', async () => {
    const fields = fieldsFor('iibf');
    const documents = Object.fromEntries(FORMS.iibf.documents.map((d) => [d.slot, randomUUID()]));
    const network = newClientIp();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const res = await submit(target, 'iibf', { ...fields, documents, draft: randomUUID(), consent: true }, {}, network);
      statuses.push(res.status);
    }
    // The documents are unknown (422) but each try counts; the sixth is refused before that.
    expect(statuses).toEqual([422, 422, 422, 422, 422, 429]);
    // The same number from another network is still heard (decision 030).
    const elsewhere = await submit(target, 'iibf', { ...fields, documents, draft: randomUUID(), consent: true });
    expect(elsewhere.status).toBe(422);
  });
});

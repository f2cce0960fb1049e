/**
 * Guardian at the office (/adminGuardianConsent; Owner, Counsellor, Accountant: 'guardian-consent'):
 * a parent or guardian who came in person quotes the number of a minor's held form (H-XXXX-XX);
 * staff see the hold (GET /api/admin/guardian-hold?number=), tick that they saw the guardian, choose
 * the identity document seen (its kind only, never its number) and record the consent (POST
 * /api/admin/guardian-consent, OfficeConsentSchema), with an Idempotency-Key per hold so a double
 * tap records once. The form is then stored as if just sent, and reaches the inbox.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { formatIndiaMoment } from '../../lib/india-time';
import { fieldErrorsOf } from '../../lib/schemas/field-errors';
import { GUARDIAN_DOCUMENTS, HoldViewSchema, OfficeConsentSchema, type GuardianDocument } from '../../lib/schemas/guardian-consent';
import { formatMobile } from '../../lib/mobile';
import { ApiError, api, messageOf } from '../api';
import { DOCUMENT_WORDS } from '../ui/GuardianConsentLine';
import PanelHeading from '../ui/PanelHeading';
import { fieldErrors, useFocusFirstError } from '../ui/field-errors';

const RELATION_WORDS = { mother: 'Mother', father: 'Father', guardian: 'Legal guardian' } as const;
const STATUS_WORDS = {
  waiting: 'Waiting for consent',
  given: 'Consent already given: the form has reached the inbox',
  expired: 'Expired: the form was deleted',
} as const;

/** What the office screen reads of GET /api/admin/guardian-hold (the guardian's page's view without its notice). */
const OfficeHoldSchema = HoldViewSchema.pick({ id: true, number: true, status: true, form: true, childName: true, guardian: true, expiresAt: true });
type OfficeHold = ReturnType<typeof OfficeHoldSchema.parse>;

/** The hold of GET /api/admin/guardian-hold: the view itself, or under `hold`. */
function holdOf(answer: unknown): OfficeHold | null {
  const direct = OfficeHoldSchema.safeParse(answer);
  if (direct.success) return direct.data;
  const nested = OfficeHoldSchema.safeParse((answer as { hold?: unknown } | null)?.hold);
  return nested.success ? nested.data : null;
}

export default function GuardianAtOffice() {
  const id = useId();
  const [number, setNumber] = useState('');
  const [hold, setHold] = useState<OfficeHold | null>(null);
  const [finding, setFinding] = useState(false);
  const [findError, setFindError] = useState('');
  const [sawGuardian, setSawGuardian] = useState(false);
  const [adult, setAdult] = useState(false);
  const [document, setDocument] = useState<GuardianDocument | ''>('');
  const [whatsapp, setWhatsapp] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState('');
  const [recording, setRecording] = useState(false);
  const [done, setDone] = useState('');
  // One key per hold shown: a second tap, or a retry after a lost answer, records once.
  const key = useRef(crypto.randomUUID());
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstError(form, errors);
  const { field, errorOf } = fieldErrors(id, errors);

  const find = async (event: FormEvent) => {
    event.preventDefault();
    setFindError('');
    setHold(null);
    setDone('');
    setFailure('');
    setErrors({});
    if (number.trim().length < 4) return setFindError('Please enter the number the guardian quotes, e.g. H-7K3P-Q2.');
    setFinding(true);
    try {
      const found = holdOf(await api<unknown>(`/api/admin/guardian-hold?number=${encodeURIComponent(number.trim())}`));
      if (!found) setFindError('The answer could not be read. Please try again.');
      else {
        setHold(found);
        setSawGuardian(false);
        setAdult(false);
        setDocument('');
        setWhatsapp(false);
        key.current = crypto.randomUUID();
      }
    } catch (error) {
      setFindError(
        error instanceof ApiError && error.status === 404
          ? 'No form is waiting under this number. Check it with the guardian.'
          : messageOf(error, 'The form could not be found.'),
      );
    } finally {
      setFinding(false);
    }
  };

  const record = async (event: FormEvent) => {
    event.preventDefault();
    if (!hold) return;
    setFailure('');
    const checked = OfficeConsentSchema.safeParse({ number: hold.number, document: document || undefined, sawGuardian, adult, whatsapp });
    if (!checked.success) return setErrors(fieldErrorsOf(checked.error.issues));
    setErrors({});
    setRecording(true);
    try {
      const answer = await api<{ message?: string; reference?: string }>('/api/admin/guardian-consent', {
        body: checked.data,
        headers: { 'idempotency-key': key.current },
      });
      setDone(answer.message || `The consent is recorded${answer.reference ? ` and the form is in the inbox as ${answer.reference}` : ''}.`);
      setHold({ ...hold, status: 'given' });
    } catch (error) {
      if (error instanceof ApiError && error.data.errors) setErrors(error.data.errors);
      setFailure(messageOf(error, 'The consent could not be recorded. Please try again.'));
    } finally {
      setRecording(false);
    }
  };

  return (
    <section className="admin-panel guardian-office">
      <PanelHeading title="Guardian at the office" />
      <p>
        A parent or guardian of an under-18 who came in person quotes the number of the form waiting for their consent. Check who they are with an identity
        document, then record their consent here.
      </p>
      <form className="admin-form admin-form--inline admin-search" noValidate onSubmit={(event) => void find(event)}>
        <div className="form-field">
          <label htmlFor={`${id}-number`}>Number of the waiting form</label>
          <input
            id={`${id}-number`}
            type="text"
            autoComplete="off"
            autoCapitalize="characters"
            placeholder="H-7K3P-Q2"
            value={number}
            onChange={(event) => setNumber(event.target.value)}
            aria-invalid={findError ? true : undefined}
            aria-describedby={findError ? `${id}-number-error` : undefined}
          />
          {findError && (
            <p className="form-error" id={`${id}-number-error`}>
              {findError}
            </p>
          )}
        </div>
        <button type="submit" className="btn btn--primary" disabled={finding}>
          {finding ? 'Finding...' : 'Find the form'}
        </button>
      </form>

      {hold && (
        <div className="guardian-office__hold">
          <h2>
            {hold.form}: {hold.childName}
          </h2>
          <dl className="lead-facts">
            <dt>Number</dt>
            <dd>{hold.number}</dd>
            <dt>Status</dt>
            <dd>{STATUS_WORDS[hold.status]}</dd>
            <dt>Guardian</dt>
            <dd>
              {hold.guardian.name} ({RELATION_WORDS[hold.guardian.relation]})
            </dd>
            <dt>Guardian’s e-mail</dt>
            <dd>{hold.guardian.email}</dd>
            <dt>Guardian’s mobile</dt>
            <dd>{hold.guardian.phone ? formatMobile(hold.guardian.phone) : 'Not given'}</dd>
            <dt>Kept until</dt>
            <dd>{formatIndiaMoment(hold.expiresAt)} India time</dd>
          </dl>
          {hold.status === 'waiting' && (
            <form ref={form} className="admin-form" noValidate onSubmit={(event) => void record(event)}>
              <div className="form-check">
                <input
                  id={`${id}-saw`}
                  type="checkbox"
                  checked={sawGuardian}
                  onChange={(event) => setSawGuardian(event.target.checked)}
                  {...field('sawGuardian')}
                />
                <label htmlFor={`${id}-saw`}>I saw the parent or guardian in person</label>
                {errorOf('sawGuardian')}
              </div>
              <div className="form-field">
                <label htmlFor={`${id}-document`}>Identity document seen</label>
                <select
                  id={`${id}-document`}
                  value={document}
                  onChange={(event) => setDocument(event.target.value as GuardianDocument | '')}
                  {...field('document')}
                >
                  <option value="">Choose the document</option>
                  {GUARDIAN_DOCUMENTS.map((kind) => (
                    <option key={kind} value={kind}>
                      {DOCUMENT_WORDS[kind]}
                    </option>
                  ))}
                </select>
                <p className="form-hint">Only its kind is kept, never its number.</p>
                {errorOf('document')}
              </div>
              <div className="form-check">
                <input id={`${id}-adult`} type="checkbox" checked={adult} onChange={(event) => setAdult(event.target.checked)} {...field('adult')} />
                <label htmlFor={`${id}-adult`}>They confirm they are this person’s parent or lawful guardian, and 18 or older, and they consent</label>
                {errorOf('adult')}
              </div>
              {hold.guardian.phone && (
                <div className="form-check">
                  <input id={`${id}-whatsapp`} type="checkbox" checked={whatsapp} onChange={(event) => setWhatsapp(event.target.checked)} />
                  <label htmlFor={`${id}-whatsapp`}>They want updates about this on WhatsApp</label>
                </div>
              )}
              <button type="submit" className="btn btn--primary" disabled={recording}>
                {recording ? 'Recording...' : 'Record the consent'}
              </button>
              <p className="form-error" role="alert">
                {failure}
              </p>
            </form>
          )}
        </div>
      )}
      <p className="form-status" role="status">
        {done}
      </p>
    </section>
  );
}

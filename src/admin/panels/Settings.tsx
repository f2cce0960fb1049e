/**
 * Settings (/adminSettings, the Owner): the office's day-to-day settings without a developer —
 * the attendance threshold, the grace days a new fee plan starts with, and the holidays (an
 * unplanned closure today too), each change a Save; below, the history of changes in words (who,
 * when, from → to). GET/PUT /api/admin/office-settings, POST/DELETE /api/admin/holidays. On a
 * refusal the server's message is shown and what was typed stays.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast/headless';
import { Field } from '../../components/islands/form-field';
import { dayInWords } from '../../lib/attendance-words';
import { fieldErrorsOf } from '../../lib/schemas/field-errors';
import { HolidaySchema, OfficeSettingsSchema, type OfficeSettings } from '../../lib/schemas/office-settings';
import { api, ApiError, messageOf } from '../api';
import { loadOfficeSettings, OFFICE_SETTINGS_KEY } from '../office-settings-query';
import PanelHeading from '../ui/PanelHeading';
import { formatMoment } from '../ui/dates';

type Errors = Record<string, string>;
interface Answer {
  message: string;
  settings: OfficeSettings;
}

/** Runs a change: the answer's settings shown, its message said; a refusal's message and field errors kept beside what was typed. */
function useChange() {
  const queryClient = useQueryClient();
  return async (send: () => Promise<Answer>, fallback: string, failed: (errors: Errors, message: string) => void): Promise<boolean> => {
    try {
      const answer = await send();
      queryClient.setQueryData(OFFICE_SETTINGS_KEY, answer.settings);
      toast.success(answer.message);
      return true;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const message = messageOf(error, fallback);
      const current = error.data['settings'] as OfficeSettings | undefined;
      if (current) queryClient.setQueryData(OFFICE_SETTINGS_KEY, current);
      failed((error.data['errors'] as Errors | undefined) ?? {}, message);
      toast.error(message);
      return false;
    }
  };
}

export default function Settings() {
  const settings = useQuery({ queryKey: OFFICE_SETTINGS_KEY, queryFn: loadOfficeSettings });
  return (
    <section className="admin-panel">
      <PanelHeading title="Settings" />
      <p>The office’s day-to-day settings. Each change is saved with your name and kept in the history below.</p>
      {settings.isPending && <p role="status">Loading the settings…</p>}
      {settings.isError && <p role="alert">{messageOf(settings.error, 'The settings could not be loaded. Please reload the page.')}</p>}
      {settings.data && (
        <>
          <ThresholdForm settings={settings.data} />
          <Holidays settings={settings.data} />
          <History settings={settings.data} />
        </>
      )}
    </section>
  );
}

/** The attendance threshold and the default grace, saved together. */
function ThresholdForm({ settings }: { settings: OfficeSettings }) {
  const id = useId();
  const change = useChange();
  const [values, setValues] = useState({ attendanceThreshold: String(settings.attendanceThreshold), defaultGraceDays: String(settings.defaultGraceDays) });
  const [errors, setErrors] = useState<Errors>({});
  const [problem, setProblem] = useState('');
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = { ...values, version: settings.version };
    const parsed = OfficeSettingsSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error.issues));
      setProblem('Please check the highlighted fields and try again.');
      return;
    }
    setSaving(true);
    const saved = await change(
      () => api<Answer>('/api/admin/office-settings', { method: 'PUT', body: parsed.data }),
      'The settings could not be saved. Please try again.',
      (fieldErrors, message) => {
        setErrors(fieldErrors);
        setProblem(message);
      },
    );
    if (saved) {
      setErrors({});
      setProblem('');
    }
    setSaving(false);
  };

  return (
    <form className="admin-form admin-box" noValidate onSubmit={(e) => void submit(e)} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="admin-subheading">
        Attendance and late fees
      </h2>
      <div className="admin-form__grid">
        <Field
          id={`${id}-threshold`}
          label="Attendance threshold (%)"
          hint="Below it a student is listed on Today, and a certificate asks before it is issued. A whole number from 1 to 100."
          error={errors['attendanceThreshold']}
          required
        >
          {(aria) => (
            <input
              {...aria}
              type="number"
              min={1}
              max={100}
              inputMode="numeric"
              value={values.attendanceThreshold}
              onChange={(e) => setValues((v) => ({ ...v, attendanceThreshold: e.target.value }))}
            />
          )}
        </Field>
        <Field
          id={`${id}-grace`}
          label="Grace days of a new fee plan"
          hint="Days after a due date before the late fee. A new fee plan starts with this; each plan keeps its own (change it on the plan)."
          error={errors['defaultGraceDays']}
          required
        >
          {(aria) => (
            <input
              {...aria}
              type="number"
              min={0}
              max={90}
              inputMode="numeric"
              value={values.defaultGraceDays}
              onChange={(e) => setValues((v) => ({ ...v, defaultGraceDays: e.target.value }))}
            />
          )}
        </Field>
      </div>
      {problem && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
      <div className="btn-row">
        <button type="submit" className="btn btn--primary" disabled={saving}>
          {saving ? 'Saving…' : 'Save'}
        </button>
      </div>
    </form>
  );
}

/** The holidays: the list with a Remove each, and the form that adds one. */
function Holidays({ settings }: { settings: OfficeSettings }) {
  const id = useId();
  const change = useChange();
  const [values, setValues] = useState({ day: settings.today, en: '', hi: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const coming = settings.holidays.filter((h) => h.day >= settings.today);
  const past = settings.holidays.length - coming.length;

  const add = async (event: FormEvent) => {
    event.preventDefault();
    const body = { day: values.day, name: { en: values.en, hi: values.hi } };
    const parsed = HolidaySchema.safeParse(body);
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error.issues));
      setProblem('Please check the highlighted fields and try again.');
      return;
    }
    setBusy(true);
    const added = await change(
      () => api<Answer>('/api/admin/holidays', { body: parsed.data }),
      'The holiday could not be added. Please try again.',
      (fieldErrors, message) => {
        setErrors(fieldErrors);
        setProblem(message);
      },
    );
    if (added) {
      setValues({ day: settings.today, en: '', hi: '' });
      setErrors({});
      setProblem('');
    }
    setBusy(false);
  };

  const remove = async (day: string) => {
    setBusy(true);
    await change(
      () => api<Answer>(`/api/admin/holidays/${encodeURIComponent(day)}`, { method: 'DELETE' }),
      'The holiday could not be removed. Please try again.',
      (_errors, message) => setProblem(message),
    );
    setBusy(false);
  };

  return (
    <section className="admin-box" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="admin-subheading">
        Holidays
      </h2>
      <p>No class is expected on a holiday: Today’s classes names it, no register can be taken, and students’ next class skips it.</p>
      {coming.length === 0 ? (
        <p>No holiday is coming.</p>
      ) : (
        <ul className="admin-list">
          {coming.map((h) => (
            <li key={h.day} className="admin-list__item">
              <span className="admin-list__text">
                <strong>{dayInWords(h.day)}</strong>: {h.name.en} (<span lang="hi">{h.name.hi}</span>)
              </span>
              <button
                type="button"
                className="btn btn--sm btn--outline"
                disabled={busy}
                onClick={() => void remove(h.day)}
                aria-label={`Remove the holiday ${h.name.en} on ${dayInWords(h.day)}`}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {past > 0 && <p className="form-hint">{past === 1 ? 'One past holiday is' : `${past} past holidays are`} kept for the registers of those days.</p>}

      <form className="admin-form" noValidate onSubmit={(e) => void add(e)} aria-labelledby={`${id}-add`}>
        <h3 id={`${id}-add`} className="admin-subheading">
          Add a holiday
        </h3>
        <p className="form-hint">For an unplanned closure, add today.</p>
        <div className="admin-form__grid">
          <Field id={`${id}-day`} label="Day" error={errors['day']} required>
            {(aria) => (
              <input {...aria} type="date" min={settings.today} value={values.day} onChange={(e) => setValues((v) => ({ ...v, day: e.target.value }))} />
            )}
          </Field>
          <Field id={`${id}-en`} label="Name in English" hint="e.g. Diwali" error={errors['name.en']} required>
            {(aria) => (
              <input
                {...aria}
                type="text"
                maxLength={60}
                autoComplete="off"
                value={values.en}
                onChange={(e) => setValues((v) => ({ ...v, en: e.target.value }))}
              />
            )}
          </Field>
          <Field id={`${id}-hi`} label="Name in Hindi" hint="e.g. दीपावली" error={errors['name.hi']} required>
            {(aria) => (
              <input
                {...aria}
                type="text"
                lang="hi"
                maxLength={60}
                autoComplete="off"
                value={values.hi}
                onChange={(e) => setValues((v) => ({ ...v, hi: e.target.value }))}
              />
            )}
          </Field>
        </div>
        {problem && (
          <p className="form-error" role="alert">
            {problem}
          </p>
        )}
        <div className="btn-row">
          <button type="submit" className="btn btn--primary" disabled={busy}>
            Save the holiday
          </button>
        </div>
      </form>
    </section>
  );
}

/** The latest changes, newest first. */
function History({ settings }: { settings: OfficeSettings }) {
  const id = useId();
  return (
    <section className="admin-box" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="admin-subheading">
        History
      </h2>
      {settings.history.length === 0 ? (
        <p>No change yet.</p>
      ) : (
        <ul className="admin-list">
          {settings.history.map((change) => (
            <li key={change.id} className="admin-list__item">
              <span className="admin-list__text">
                {change.words}
                <span className="admin-list__note">
                  {formatMoment(change.at)} · {change.by}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

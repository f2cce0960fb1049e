/**
 * The account page's "Your data and your rights" (DPDP Act 2023 ss.11–14, decision 053): a copy of
 * everything kept about the student as a file (GET /api/user/data), a correction or an erasure asked
 * for (POST /api/user/rights-requests; the erasure after a dialog saying what the law keeps and that
 * the account ends), the requests sent with where each stands and the day it will be answered by,
 * and the consents on record (GET /api/user/consents: what each covers, who gave it, when, the
 * notice's version), each withdrawn with one tap and a confirmation that says what it stops (POST
 * /api/user/consent-withdraw). Loaded as a chunk of its own after the profile, as AccountFees; in
 * the page's language, days as India's ("28 दिसंबर 2026" on a Hindi page). Every refusal keeps
 * what was typed. Not parsed here with the shared schemas (AccountRightsRequestSchema): the
 * endpoint checks them and its field errors are shown; importing zod would split the chunks the
 * site's forms share (as AccountFees).
 */
import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast/headless';
import {
  account_please_wait,
  mydata_answer,
  mydata_close,
  mydata_consent_by_guardian,
  mydata_consent_by_you,
  mydata_consent_notice,
  mydata_consent_withdrawn,
  mydata_consents_title,
  mydata_correct,
  mydata_correct_hint,
  mydata_correct_label,
  mydata_download,
  mydata_download_failed,
  mydata_download_note,
  mydata_downloaded,
  mydata_downloading,
  mydata_erase,
  mydata_erase_account,
  mydata_erase_body,
  mydata_erase_confirm,
  mydata_erase_default,
  mydata_erase_kept,
  mydata_erase_label,
  mydata_erase_title,
  mydata_failed,
  mydata_intro,
  mydata_kind_copy,
  mydata_kind_correction,
  mydata_kind_erasure,
  mydata_kind_withdraw,
  mydata_loading,
  mydata_no_consents,
  mydata_no_requests,
  mydata_request_line,
  mydata_request_sent,
  mydata_request_sent_plain,
  mydata_requests_title,
  mydata_send,
  mydata_status_declined,
  mydata_status_done,
  mydata_status_open,
  mydata_title,
  mydata_try_again,
  mydata_withdraw,
  mydata_withdraw_confirm,
  mydata_withdraw_title,
  mydata_withdraw_what,
  mydata_withdrawn,
} from '../../i18n/messages';
import { localeOf, type Locale } from '../../i18n/locales';
import { getLocale } from '../../paraglide/runtime.js';
import { languageHeaders, postJson } from '../../lib/api';
import { formatIndiaDay } from '../../lib/india-time';
import { indiaToday } from '../../lib/schemas/real-day';
import type { ConsentView, RightsKind, RightsRequestView } from '../../lib/schemas/data-rights';
import { TOKEN_KEY, readStored } from '../../stores/auth';
import { Field } from '../forms/Field';
import { FormAlert } from '../forms/FormAlert';
import { NotLoaded, useOwnRecords } from '../islands/own-records';
import AskDialog from './AskDialog';
import { saveResponseAsFile } from '../../lib/save-file';

const token = () => readStored(TOKEN_KEY) ?? '';

/** A list the endpoint answers under `key` ({ items: [...] }, { consents: [...] }); null for anything else. */
function listOf<T>(data: unknown, key: string): T[] | null {
  const inner = (data as Record<string, unknown> | null)?.[key];
  return Array.isArray(inner) ? (inner as T[]) : null;
}

/** What a request asks for, in the page's language. */
const KIND_WORDS: Record<RightsKind, () => string> = {
  copy: mydata_kind_copy,
  correction: mydata_kind_correction,
  erasure: mydata_kind_erasure,
  withdraw: mydata_kind_withdraw,
};

/** The answer to a request sent: the server's words, else the reference and the day it will be answered by. */
type Sent = { message?: string; request?: RightsRequestView; reference?: string; answerBy?: string };
function sentWords(data: Sent, locale: Locale): string {
  const reference = data.request?.reference ?? data.reference;
  const answerBy = data.request?.answerBy ?? data.answerBy;
  if (data.message) return data.message;
  return reference && answerBy ? mydata_request_sent({ reference, day: formatIndiaDay(answerBy, locale) }) : '';
}

export default function AccountRights() {
  const id = useId();
  const locale = localeOf(getLocale());
  const requests = useOwnRecords<unknown>('/api/user/rights-requests', (data) => listOf(data, 'items') !== null);
  const consents = useOwnRecords<unknown>('/api/user/consents', (data) => listOf(data, 'consents') !== null);

  return (
    <section className="card profile mydata" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{mydata_title()}</h2>
      <p className="profile__note">{mydata_intro()}</p>
      <DownloadCopy />
      <AskForChange locale={locale} onSent={requests.reload} />

      <h3 id={`${id}-requests`}>{mydata_requests_title()}</h3>
      {requests.loaded.state !== 'done' ? (
        <NotLoaded state={requests.loaded.state} loading={mydata_loading()} failed={mydata_failed()} onRetry={requests.retry} />
      ) : (
        <RequestList requests={listOf<RightsRequestView>(requests.loaded.data, 'items') ?? []} locale={locale} />
      )}

      <h3>{mydata_consents_title()}</h3>
      {consents.loaded.state !== 'done' ? (
        <NotLoaded state={consents.loaded.state} loading={mydata_loading()} failed={mydata_failed()} onRetry={consents.retry} />
      ) : (
        <ConsentList consents={listOf<ConsentView>(consents.loaded.data, 'consents') ?? []} locale={locale} onWithdrawn={consents.reload} />
      )}
    </section>
  );
}

/** "Download a copy of your data": the endpoint's file, saved under the name it gives. */
function DownloadCopy() {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  const download = async () => {
    setBusy(true);
    setFailure('');
    try {
      const response = await fetch('/api/user/data', { headers: { accept: 'application/json', ...languageHeaders(), token: token() } });
      if (!response.ok) {
        const data = (await response.json().catch(() => ({}))) as { message?: string };
        throw new Error(data.message || mydata_download_failed());
      }
      await saveResponseAsFile(response, `my-data-${indiaToday()}.json`);
      toast.success(mydata_downloaded());
    } catch (problem) {
      const message = problem instanceof Error && problem.message !== 'Failed to fetch' ? problem.message : mydata_download_failed();
      setFailure(message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="mydata__part">
      <p className="profile__note">{mydata_download_note()}</p>
      <button type="button" className="btn" onClick={() => void download()} disabled={busy}>
        {busy ? mydata_downloading() : mydata_download()}
      </button>
      <FormAlert>{failure}</FormAlert>
    </div>
  );
}

/** A correction (a form that opens under its button) or an erasure (a dialog first), sent as a request. */
function AskForChange({ locale, onSent }: { locale: Locale; onSent: () => void }) {
  const id = useId();
  const [open, setOpen] = useState<'none' | 'correction' | 'erasure'>('none');
  const [correction, setCorrection] = useState('');
  const [erasure, setErasure] = useState<string>(() => mydata_erase_default());
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  // One key per fill: a double tap or a retry after a lost answer is one request.
  const [key, setKey] = useState(() => crypto.randomUUID());

  const send = async (kind: 'correction' | 'erasure', details: string) => {
    setBusy(true);
    setError('');
    const { ok, status, data } = await postJson<Sent>('/api/user/rights-requests', { kind, details }, { idempotencyKey: key, headers: { token: token() } });
    setBusy(false);
    if (status >= 200 && status < 500) setKey(crypto.randomUUID());
    if (!ok) {
      // What was typed stays, with the reason beside it.
      setError(data.errors?.['details'] || data.errors?.['kind'] || data.message || mydata_try_again());
      return;
    }
    toast.success(sentWords(data, locale) || mydata_request_sent_plain());
    setOpen('none');
    if (kind === 'correction') setCorrection('');
    else setErasure(mydata_erase_default());
    onSent();
  };

  const onCorrect = (event: FormEvent) => {
    event.preventDefault();
    void send('correction', correction);
  };

  return (
    <div className="mydata__part">
      <div className="btn-row">
        <button
          type="button"
          className="btn btn--outline"
          aria-expanded={open === 'correction'}
          aria-controls={`${id}-correct`}
          onClick={() => {
            setError('');
            setOpen(open === 'correction' ? 'none' : 'correction');
          }}
        >
          {mydata_correct()}
        </button>
        <button
          type="button"
          className="btn btn--outline"
          onClick={() => {
            setError('');
            setOpen('erasure');
          }}
        >
          {mydata_erase()}
        </button>
      </div>
      {open === 'correction' && (
        <form id={`${id}-correct`} className="account-form" noValidate onSubmit={onCorrect} aria-label={mydata_correct()}>
          <Field id={`${id}-details`} label={mydata_correct_label()} hint={mydata_correct_hint()} error={error || undefined} required>
            {(aria) => <textarea {...aria} value={correction} onChange={(event) => setCorrection(event.target.value)} rows={4} maxLength={2000} />}
          </Field>
          <div className="btn-row">
            <button type="submit" className="btn" disabled={busy}>
              {busy ? account_please_wait() : mydata_send()}
            </button>
            <button type="button" className="btn btn--outline" onClick={() => setOpen('none')}>
              {mydata_close()}
            </button>
          </div>
        </form>
      )}
      <AskDialog
        open={open === 'erasure'}
        title={mydata_erase_title()}
        action={mydata_erase_confirm()}
        busy={busy}
        busyAction={account_please_wait()}
        error={error}
        onConfirm={() => void send('erasure', erasure)}
        onClose={() => setOpen('none')}
        words={{ label: mydata_erase_label(), value: erasure, onChange: setErasure }}
      >
        <p>{mydata_erase_body()}</p>
        <p>{mydata_erase_kept()}</p>
        <p>
          <strong>{mydata_erase_account()}</strong>
        </p>
      </AskDialog>
    </div>
  );
}

/** The requests sent, newest first as the server lists them, each with where it stands. */
function RequestList({ requests, locale }: { requests: RightsRequestView[]; locale: Locale }) {
  if (requests.length === 0) return <p className="profile__note">{mydata_no_requests()}</p>;
  const day = (value: string | null) => formatIndiaDay(value, locale);
  return (
    <ul className="classes__list mydata__list">
      {requests.map((r) => (
        <li key={r.id}>
          <p className="classes__line">{mydata_request_line({ kind: KIND_WORDS[r.kind](), reference: r.reference, day: day(r.receivedAt) })}</p>
          <p className="profile__note">
            <strong>
              {r.status === 'open'
                ? mydata_status_open({ day: day(r.answerBy) })
                : r.status === 'done'
                  ? mydata_status_done({ day: day(r.answeredAt) })
                  : mydata_status_declined({ day: day(r.answeredAt) })}
            </strong>
          </p>
          {r.answer && <p className="profile__note">{mydata_answer({ answer: r.answer })}</p>}
        </li>
      ))}
    </ul>
  );
}

/** The consents on record, each with Withdraw while it stands. */
function ConsentList({ consents, locale, onWithdrawn }: { consents: ConsentView[]; locale: Locale; onWithdrawn: () => void }) {
  const [asking, setAsking] = useState<ConsentView | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  if (consents.length === 0 && !asking) return <p className="profile__note">{mydata_no_consents()}</p>;
  const day = (value: string | null) => formatIndiaDay(value, locale);

  const withdraw = async () => {
    if (!asking) return;
    setBusy(true);
    setError('');
    const { ok, data } = await postJson<{ message?: string }>('/api/user/consent-withdraw', { id: asking.id }, { headers: { token: token() } });
    setBusy(false);
    if (!ok) {
      setError(data.message || mydata_try_again());
      return;
    }
    toast.success(data.message || mydata_withdrawn());
    setAsking(null);
    onWithdrawn();
  };

  return (
    <>
      <ul className="classes__list mydata__list">
        {consents.map((c) => (
          <li key={c.id}>
            <p className="classes__line">{c.purpose}</p>
            <p className="profile__note">
              {c.givenBy === 'guardian'
                ? mydata_consent_by_guardian({ name: c.guardianName ?? '', day: day(c.at) })
                : mydata_consent_by_you({ day: day(c.at) })}{' '}
              {mydata_consent_notice({ version: c.noticeVersion })}
            </p>
            {c.withdrawnAt ? (
              <p className="profile__note">
                <strong>{mydata_consent_withdrawn({ day: day(c.withdrawnAt) })}</strong>
              </p>
            ) : (
              <button
                type="button"
                className="btn btn--sm btn--outline"
                aria-label={mydata_withdraw_what({ purpose: c.purpose })}
                onClick={() => {
                  setError('');
                  setAsking(c);
                }}
              >
                {mydata_withdraw()}
              </button>
            )}
          </li>
        ))}
      </ul>
      <AskDialog
        open={asking !== null}
        title={mydata_withdraw_title()}
        action={mydata_withdraw_confirm()}
        busy={busy}
        busyAction={account_please_wait()}
        error={error}
        onConfirm={() => void withdraw()}
        onClose={() => setAsking(null)}
      >
        <p>
          <strong>{asking?.purpose}</strong>
        </p>
        <p>{asking?.withdrawEffect}</p>
      </AskDialog>
    </>
  );
}

/**
 * Data requests (/privacy-requests), the Grievance Officer's screen (permission 'privacy': the
 * Owner alone; decision 053): people's requests about their data — a copy, a correction, erasure,
 * a consent withdrawn — from /account and from /data-request. The list (GET
 * /api/admin/rights-requests) shows the open ones first with the days left to answer (overdue in
 * plain words); a request's page (/privacy-requests/:id, GET /api/admin/rights-request?id=) says
 * who asked and what, the records found for them (GET /api/admin/person-data?request=, also the
 * copy to hand over as a download), and the answers (POST /api/admin/rights-request): Erase now
 * (after a confirmation naming the person and what the law keeps), Mark done (with a note),
 * Decline (with the reason). The answer — what was erased, what was kept and why — is shown after.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import toast from 'react-hot-toast/headless';
import { Link } from 'wouter';
import type { RightsKind, RightsRequestView } from '../../lib/schemas/data-rights';
import { api, ApiError, messageOf } from '../api';
import { TODAY_KEY } from '../leads/lead-api';
import { privacyRequestPath, PATHS } from '../routes';
import { formatDay, formatMoment, todayInIndia } from '../ui/dates';
import PanelHeading from '../ui/PanelHeading';
import { answerDay, daysLeft, daysLeftWords } from './answer-by';
import ReasonDialog from '../ui/ReasonDialog';
import { recordsFound, type CopyLists } from './records-found';
import { saveResponseAsFile } from '../../lib/save-file';

/** What the three answers' dialogs share: the note the person reads (5 to 2,000 characters), refused beside the field. */
const ANSWER_DIALOG = { blocks: true, field: 'note', maxLength: 2000, keep: 'Cancel', failure: 'That did not work. Please try again.' } as const;

/** A request as staff see it (GET /api/admin/rights-requests' items): the maker's view and who asked. */
export interface StaffRightsRequest extends RightsRequestView {
  name: string | null;
  phone: string | null;
  email: string | null;
  /** Whether it came from a signed-in account. */
  fromAccount: boolean;
  /** The reference they gave (an application's, a receipt's), if any. */
  givenReference: string | null;
  /** Who answered it. */
  answeredBy: string | null;
}

/** A request's page (GET /api/admin/rights-request?id=): the request, who was found, and the copy of their records. */
interface RequestDetail {
  request: StaffRightsRequest;
  /** The records found for them, in words ('Website account: …', 'LD-2026-00012 (…)'). */
  found: string[];
  copy: CopyLists | null;
}

/** The person's name, or words for none (a request whose name was erased). */
const nameOf = (request: StaffRightsRequest) => request.name ?? 'No name given';

/** What a request asks for, in words. */
export const KIND_WORDS: Record<RightsKind, string> = {
  copy: 'A copy of their data',
  correction: 'A correction',
  erasure: 'Erasure of their data',
  withdraw: 'Withdrawing a consent',
};

const STATUS_WORDS: Record<RightsRequestView['status'], string> = { open: 'Open', done: 'Done', declined: 'Declined' };

/** What the law keeps through an erasure (design 30; docs/data-protection.md). */
const KEPT_BY_LAW =
  'Kept by law: fee receipts and refunds as issued (8 years after the financial year, for the Income-tax and GST Acts), issued certificates (their public verification), consent records (proof, 7 years) and the audit and deletion logs.';

export const RIGHTS_KEY = ['rights-requests'] as const;

/** Where a request's last day stands, in words, for an open one. */
function timeLeft(request: StaffRightsRequest, today: string): { words: string; late: boolean } | null {
  if (request.status !== 'open') return null;
  return {
    words: `Answer by ${answerDay(request.answerBy, today)}: ${daysLeftWords(request.answerBy, today)}`,
    late: daysLeft(request.answerBy, today) < 0,
  };
}

export default function DataRequests({ id }: { id?: string | undefined }) {
  return id ? <RequestPage id={id} /> : <RequestList />;
}

/** The list: open first (the nearest last day first), then the answered, newest first. */
function RequestList() {
  const today = todayInIndia();
  const list = useQuery({
    queryKey: RIGHTS_KEY,
    queryFn: async () => (await api<{ items: StaffRightsRequest[] }>('/api/admin/rights-requests')).items,
    staleTime: 0,
  });
  const rows = [...(list.data ?? [])].sort((a, b) =>
    a.status === 'open' && b.status === 'open'
      ? a.answerBy.localeCompare(b.answerBy)
      : a.status === 'open'
        ? -1
        : b.status === 'open'
          ? 1
          : b.receivedAt.localeCompare(a.receivedAt),
  );
  const open = rows.filter((r) => r.status === 'open').length;

  return (
    <section className="admin-panel">
      <PanelHeading title="Data requests" />
      <p className="form-hint">
        People’s requests about their personal data: a copy, a correction, erasure, or withdrawing a consent. The law gives 30 days at most to answer each.
      </p>
      {list.isPending ? (
        <p role="status">Loading the requests...</p>
      ) : list.isError ? (
        <div role="alert">
          <p className="form-error">{messageOf(list.error, 'The requests could not be loaded.')}</p>
          <button type="button" className="btn btn--sm btn--outline" onClick={() => void list.refetch()}>
            Try again
          </button>
        </div>
      ) : rows.length === 0 ? (
        <p>Nobody has asked about their data yet.</p>
      ) : (
        <>
          <p>{open === 0 ? 'Every request has been answered.' : `${open} open.`}</p>
          <ul className="lead-cards">
            {rows.map((r) => {
              const left = timeLeft(r, today);
              return (
                <li key={r.id} className="lead-card">
                  <h2 className="lead-card__name">
                    <Link href={privacyRequestPath(r.id)}>
                      {nameOf(r)} ({r.reference})
                    </Link>
                  </h2>
                  <p>{KIND_WORDS[r.kind]}</p>
                  <p className="lead-card__meta">
                    <span>Received {formatDay(r.receivedAt)}</span>
                    <span>{STATUS_WORDS[r.status]}</span>
                  </p>
                  {left && <p className={`lead-card__waited${left.late ? ' lead-card__waited--urgent' : ''}`}>{left.words}</p>}
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}

type Action = 'erase' | 'done' | 'decline';

/** What the server answers to an answer: its words and the request as it now stands (its answer says what was kept and why). */
interface Answered {
  message?: string;
  request?: StaffRightsRequest;
}

/** One request: who asked, what, the records found, the copy to hand over, and the answers. */
function RequestPage({ id }: { id: string }) {
  const headingId = useId();
  const client = useQueryClient();
  const today = todayInIndia();
  const [acting, setActing] = useState<Action | null>(null);
  const [answered, setAnswered] = useState<Answered | null>(null);
  const [saving, setSaving] = useState(false);
  const detail = useQuery({
    queryKey: [...RIGHTS_KEY, id],
    queryFn: () => api<RequestDetail>(`/api/admin/rights-request?id=${encodeURIComponent(id)}`),
    staleTime: 0,
  });

  const request = detail.data?.request;
  // The copy to hand over comes from its own endpoint, so that handing it over is on the audit log.
  const download = async () => {
    setSaving(true);
    try {
      const response = await fetch(`/api/admin/person-data?request=${encodeURIComponent(id)}`, { headers: { accept: 'application/json' } });
      if (!response.ok) throw new ApiError(response.status, (await response.json().catch(() => ({}))) as Record<string, string>);
      await saveResponseAsFile(response, `data-${request?.reference ?? id}.json`);
    } catch (error) {
      toast.error(messageOf(error, 'The copy could not be downloaded. Please try again.'));
    } finally {
      setSaving(false);
    }
  };

  const send = async (action: Action, note: string, idempotencyKey: string) => {
    const data = await api<Answered>('/api/admin/rights-request', { body: { id, action, note }, headers: { 'idempotency-key': idempotencyKey } });
    setAnswered(data);
    await client.invalidateQueries({ queryKey: RIGHTS_KEY });
    await client.invalidateQueries({ queryKey: TODAY_KEY });
    return { message: data.message ?? 'The request has been answered.' };
  };

  if (detail.isPending) return <p role="status">Loading the request...</p>;
  if (detail.isError || !request) {
    return (
      <section className="admin-panel">
        <PanelHeading title="A data request" />
        <p className="form-error" role="alert">
          {messageOf(detail.error, 'The request could not be loaded.')}
        </p>
        <Link href={PATHS.privacyRequests}>Back to the data requests</Link>
      </section>
    );
  }
  const left = timeLeft(request, today);
  const { found, copy } = detail.data;
  const kept = copy ? recordsFound(copy) : [];
  const shown = answered?.request ?? request;
  const name = nameOf(request);

  return (
    <section className="admin-panel">
      <PanelHeading title={`${KIND_WORDS[request.kind]}: ${name}`} />
      <p>
        <Link href={PATHS.privacyRequests}>Back to the data requests</Link>
      </p>
      <div className="admin-record">
        <dl>
          <Fact term="Reference">{request.reference}</Fact>
          <Fact term="Who asked">
            {name}
            {request.fromAccount ? ' (from their account)' : ' (no account: check it is them before answering)'}
          </Fact>
          {request.phone && <Fact term="Mobile">{request.phone}</Fact>}
          {request.email && <Fact term="E-mail">{request.email}</Fact>}
          {request.givenReference && <Fact term="Reference they gave">{request.givenReference}</Fact>}
          <Fact term="Asks for">{KIND_WORDS[request.kind]}</Fact>
          <Fact term="Their words">{request.details}</Fact>
          <Fact term="Received">{formatMoment(request.receivedAt)}</Fact>
          <Fact term="Status">{STATUS_WORDS[shown.status]}</Fact>
        </dl>
        {left && <p className={`lead-card__waited${left.late ? ' lead-card__waited--urgent' : ''}`}>{left.words}</p>}
      </div>

      <section aria-labelledby={`${headingId}-found`}>
        <h2 id={`${headingId}-found`} className="admin-subheading">
          Records found for them
        </h2>
        {found.length === 0 ? (
          <p>No records were found for them by their account, mobile number, e-mail or the reference they gave.</p>
        ) : (
          <>
            <ul>
              {found.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            {kept.length > 0 && (
              <>
                <h3>What is kept about them</h3>
                <ul>
                  {kept.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              </>
            )}
            <button type="button" className="btn btn--sm btn--outline" disabled={saving} onClick={() => void download()}>
              {saving ? 'Preparing the file...' : 'Download the copy to hand over'}
            </button>
            {!request.fromAccount && <p className="form-hint">They have no account: hand this file over once you have checked it is them.</p>}
          </>
        )}
      </section>

      {shown.status === 'open' && !answered ? (
        <section aria-labelledby={`${headingId}-answer`}>
          <h2 id={`${headingId}-answer`} className="admin-subheading">
            Answer the request
          </h2>
          <div className="btn-row">
            {(request.kind === 'erasure' || request.kind === 'withdraw') && (
              <button type="button" className="btn btn--sm admin-btn--danger" onClick={() => setActing('erase')}>
                Erase now
              </button>
            )}
            <button type="button" className="btn btn--sm" onClick={() => setActing('done')}>
              Mark done
            </button>
            <button type="button" className="btn btn--sm btn--outline" onClick={() => setActing('decline')}>
              Decline
            </button>
          </div>
        </section>
      ) : (
        <section aria-labelledby={`${headingId}-answered`}>
          <h2 id={`${headingId}-answered`} className="admin-subheading">
            The answer
          </h2>
          {answered?.message && <p role="status">{answered.message}</p>}
          <p>
            {STATUS_WORDS[shown.status]}
            {shown.answeredAt ? ` on ${formatMoment(shown.answeredAt)}` : ''}
            {shown.answeredBy ? ` by ${shown.answeredBy}` : ''}.
          </p>
          {shown.answer && <p style={{ whiteSpace: 'pre-line' }}>{shown.answer}</p>}
        </section>
      )}

      <ReasonDialog
        {...ANSWER_DIALOG}
        open={acting === 'erase'}
        title={`Erase ${name}’s data?`}
        label="What to tell them"
        initial="Your data has been erased, as you asked."
        action="Erase now"
        busyAction="Erasing..."
        danger
        send={(note, key) => send('erase', note, key)}
        onClose={() => setActing(null)}
      >
        <p>
          Everything kept about <strong>{name}</strong> ({request.reference}) is erased or anonymised now: enquiries, applications and their documents, classes,
          attendance, their website account and messages waiting to be sent. This cannot be undone.
        </p>
        <p>{KEPT_BY_LAW}</p>
      </ReasonDialog>
      <ReasonDialog
        {...ANSWER_DIALOG}
        open={acting === 'done'}
        title="Mark the request done"
        label="Note: what was done"
        initial=""
        action="Mark done"
        busyAction="Saving..."
        send={(note, key) => send('done', note, key)}
        onClose={() => setActing(null)}
      >
        <p>Say what was done (corrected, the copy handed over), in words they can read: it is their answer.</p>
      </ReasonDialog>
      <ReasonDialog
        {...ANSWER_DIALOG}
        open={acting === 'decline'}
        title="Decline the request"
        label="Reason"
        initial=""
        action="Decline"
        busyAction="Saving..."
        send={(note, key) => send('decline', note, key)}
        onClose={() => setActing(null)}
      >
        <p>Say why (for example: we could not confirm who asked), in words they can read: it is their answer.</p>
      </ReasonDialog>
    </section>
  );
}

/** One line of the request's facts. */
function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="admin-record__fact">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

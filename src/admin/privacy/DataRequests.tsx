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
import { Link } from 'wouter';
import type { RightsKind, RightsRequestView } from '../../lib/schemas/data-rights';
import { api, ApiError, messageOf } from '../api';
import { TODAY_KEY } from '../leads/lead-api';
import { privacyRequestPath, PATHS } from '../routes';
import { formatDay, formatMoment, todayInIndia } from '../ui/dates';
import PanelHeading from '../ui/PanelHeading';
import { answerDay, daysLeft, daysLeftWords } from './answer-by';
import NoteDialog from './NoteDialog';
import { recordsFound, type CopyLists } from './records-found';

/** A request as staff see it: the maker's view and who asked. */
export interface StaffRightsRequest extends RightsRequestView {
  name: string;
  phone?: string | null;
  email?: string | null;
  /** The reference they gave (an application's, a receipt's), if any. */
  givenReference?: string | null;
  /** Whether it came from a signed-in account. */
  hasAccount?: boolean;
  /** The language they wrote in ('en' | 'hi'). */
  language?: string | null;
  /** Who answered it. */
  answeredBy?: string | null;
}

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

/** A list the server answers bare or under `key`. */
function listOf<T>(data: unknown, key: string): T[] {
  if (Array.isArray(data)) return data as T[];
  const inner = (data as Record<string, unknown> | null)?.[key];
  return Array.isArray(inner) ? (inner as T[]) : [];
}

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
    queryFn: async () => listOf<StaffRightsRequest>(await api<unknown>('/api/admin/rights-requests'), 'requests'),
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
                      {r.name} ({r.reference})
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

/** What the server answers to an answer: its words, the request as it now stands, what was kept. */
interface Answered {
  message?: string;
  request?: StaffRightsRequest;
  kept?: ({ what: string; why: string } | string)[];
}

/** One request: who asked, what, the records found, the copy to hand over, and the answers. */
function RequestPage({ id }: { id: string }) {
  const headingId = useId();
  const client = useQueryClient();
  const today = todayInIndia();
  const [acting, setActing] = useState<Action | null>(null);
  const [answered, setAnswered] = useState<Answered | null>(null);
  const detail = useQuery({
    queryKey: [...RIGHTS_KEY, id],
    queryFn: async () => {
      const data = await api<{ request?: StaffRightsRequest } & StaffRightsRequest>(`/api/admin/rights-request?id=${encodeURIComponent(id)}`);
      return data.request ?? data;
    },
    staleTime: 0,
  });
  const copy = useQuery({
    queryKey: [...RIGHTS_KEY, id, 'copy'],
    queryFn: async () => {
      try {
        const data = await api<{ copy?: CopyLists } & CopyLists>(`/api/admin/person-data?request=${encodeURIComponent(id)}`);
        return data.copy ?? data;
      } catch (error) {
        // Nobody found for them: said in words below, not as a failure.
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    staleTime: 0,
  });

  const request = detail.data;
  const download = () => {
    if (!copy.data || !request) return;
    const url = URL.createObjectURL(new Blob([JSON.stringify(copy.data, null, 2)], { type: 'application/json' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `data-${request.reference}.json`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
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
  const found = copy.data ? recordsFound(copy.data) : [];
  const shown = answered?.request ?? request;

  return (
    <section className="admin-panel">
      <PanelHeading title={`${KIND_WORDS[request.kind]}: ${request.name}`} />
      <p>
        <Link href={PATHS.privacyRequests}>Back to the data requests</Link>
      </p>
      <div className="admin-record">
        <dl>
          <Fact term="Reference">{request.reference}</Fact>
          <Fact term="Who asked">
            {request.name}
            {request.hasAccount === true ? ' (from their account)' : request.hasAccount === false ? ' (no account: check who they are before answering)' : ''}
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
        {copy.isPending ? (
          <p role="status">Looking for their records...</p>
        ) : copy.isError ? (
          <p className="form-error" role="alert">
            {messageOf(copy.error, 'Their records could not be looked up.')}
          </p>
        ) : found.length === 0 ? (
          <p>No records were found for them by their account, mobile number, e-mail or the reference they gave.</p>
        ) : (
          <>
            <ul>
              {found.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            <button type="button" className="btn btn--sm btn--outline" onClick={download}>
              Download the copy to hand over
            </button>
            {request.hasAccount === false && <p className="form-hint">They have no account: hand this file over once you have checked who they are.</p>}
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
        <section aria-labelledby={`${headingId}-answered`} role="status">
          <h2 id={`${headingId}-answered`} className="admin-subheading">
            The answer
          </h2>
          {answered?.message && <p>{answered.message}</p>}
          <p>
            {STATUS_WORDS[shown.status]}
            {shown.answeredAt ? ` on ${formatMoment(shown.answeredAt)}` : ''}
            {shown.answeredBy ? ` by ${shown.answeredBy}` : ''}.
          </p>
          {shown.answer && <p className="admin-rights__answer">{shown.answer}</p>}
          {answered?.kept && answered.kept.length > 0 && (
            <>
              <h3>Kept, and why</h3>
              <ul>
                {answered.kept.map((k) => {
                  const line = typeof k === 'string' ? k : `${k.what}: ${k.why}`;
                  return <li key={line}>{line}</li>;
                })}
              </ul>
            </>
          )}
        </section>
      )}

      <NoteDialog
        open={acting === 'erase'}
        title={`Erase ${request.name}’s data?`}
        label="What to tell them"
        initial="Your data has been erased, as you asked."
        action="Erase now"
        busyAction="Erasing..."
        danger
        send={(note, key) => send('erase', note, key)}
        onClose={() => setActing(null)}
      >
        <p>
          Everything kept about <strong>{request.name}</strong> ({request.reference}) is erased or anonymised now: enquiries, applications and their documents,
          classes, attendance, their website account and messages waiting to be sent. This cannot be undone.
        </p>
        <p>{KEPT_BY_LAW}</p>
      </NoteDialog>
      <NoteDialog
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
      </NoteDialog>
      <NoteDialog
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
      </NoteDialog>
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

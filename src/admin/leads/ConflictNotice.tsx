/**
 * What a refused save (409) shows: the server's message and the lead as it is now, so staff can
 * decide again; the form keeps what they typed, and sending it again is based on what they now see.
 */
import type { LeadDetail } from '../../lib/schemas/lead';
import { formatDay, formatMoment } from '../ui/dates';
import StatusBadge from './StatusBadge';

/** A refused save: the message and the current lead (null: it no longer exists). */
export interface Conflict {
  message: string;
  current: LeadDetail | null;
}

export default function ConflictNotice({ conflict }: { conflict: Conflict }) {
  const { message, current } = conflict;
  const last = current?.timeline.at(-1);
  return (
    <div className="admin-box admin-box--warning lead-conflict" role="alert">
      <p>
        <strong>{message}</strong>
      </p>
      {current ? (
        <>
          <p>It is now:</p>
          <dl className="lead-facts lead-facts--compact">
            <dt>Status</dt>
            <dd>
              <StatusBadge status={current.status} />
            </dd>
            <dt>Next follow-up</dt>
            <dd>{formatDay(current.followUp)}</dd>
            {current.visitOn && (
              <>
                <dt>Visit day</dt>
                <dd>{formatDay(current.visitOn)}</dd>
              </>
            )}
            <dt>Assigned to</dt>
            <dd>{current.assignedTo?.name ?? 'Nobody'}</dd>
            {last && (
              <>
                <dt>Last change</dt>
                <dd>
                  {last.summary} ({last.staff?.name ?? 'the website'}, {formatMoment(last.at)})
                </dd>
              </>
            )}
          </dl>
          <p>What you typed is still here: check it against the above and send it again if it still applies.</p>
        </>
      ) : (
        <p>This lead no longer exists.</p>
      )}
    </div>
  );
}

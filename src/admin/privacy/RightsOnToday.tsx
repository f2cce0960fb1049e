/**
 * Today's card for the Grievance Officer (permission 'privacy', the Owner): the requests about
 * personal data still open and the first one's last day, from GET /api/admin/today's
 * `rightsRequests` — "2 open, answer the first by 5 December (6 days left)" — with a link to the
 * Data requests screen. Nothing is shown while none is open.
 */
import { useId } from 'react';
import { Link } from 'wouter';
import { PATHS } from '../routes';
import { daysLeft, openRequestsLine } from './answer-by';

/** What GET /api/admin/today adds for those with 'privacy'. */
export interface RightsOnTodayData {
  open: number;
  /** The first open request's last day (India's, YYYY-MM-DD), or null. */
  answerBy: string | null;
}

export default function RightsOnToday({ rights, today }: { rights: RightsOnTodayData; today: string }) {
  const id = useId();
  if (rights.open === 0) return null;
  const late = rights.answerBy !== null && daysLeft(rights.answerBy, today) < 0;
  return (
    <section className="lead-section" aria-labelledby={id}>
      <h2 id={id} className="admin-subheading">
        Requests about personal data <span className="lead-section__count">({rights.open})</span>
      </h2>
      <div className="lead-card">
        <p className={`lead-card__waited${late ? ' lead-card__waited--urgent' : ''}`}>{openRequestsLine(rights.open, rights.answerBy, today)}</p>
        <p>
          <Link href={PATHS.privacyRequests}>Open the data requests</Link>
        </p>
      </div>
    </section>
  );
}

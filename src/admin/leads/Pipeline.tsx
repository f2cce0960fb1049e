/**
 * Where a lead stands in its pipeline — an enquiry's New → Contacted → Interested (visit booked)
 * → Admitted (or Lost), an application's Submitted → Documents to fix → Verified → Forwarded →
 * Approved (or Rejected) — the current step marked for sight and for screen readers, and the
 * steps it may take next.
 */
import { isApplicationStatus, NEXT_STATUSES, STATUS_LABELS, type LeadStatus } from '../../lib/schemas/lead';

/** Each pipeline's main line and the step that ends it otherwise. */
const ENQUIRY = { main: ['new', 'contacted', 'interested', 'admitted'], aside: 'lost', what: 'lead' } as const;
const APPLICATION = { main: ['submitted', 'documents-to-fix', 'verified', 'forwarded', 'approved'], aside: 'rejected', what: 'application' } as const;

/** 'A or B' lists. */
const either = (words: string[]) => (words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)!}`);

export default function Pipeline({ status }: { status: LeadStatus }) {
  const line = isApplicationStatus(status) ? APPLICATION : ENQUIRY;
  const main: readonly LeadStatus[] = line.main;
  const aside = status === line.aside;
  const reached = aside ? -1 : main.indexOf(status);
  const next = NEXT_STATUSES[status].filter((s) => s !== status).map((s) => STATUS_LABELS[s]);
  return (
    <div className="lead-pipeline">
      <ol className="lead-pipeline__steps" aria-label="Pipeline">
        {main.map((step, index) => (
          <li
            key={step}
            className={index < reached ? 'is-done' : index === reached ? 'is-current' : undefined}
            aria-current={index === reached ? 'step' : undefined}
          >
            {STATUS_LABELS[step]}
          </li>
        ))}
        <li className={aside ? 'is-current is-lost' : undefined} aria-current={aside ? 'step' : undefined}>
          {STATUS_LABELS[line.aside]}
        </li>
      </ol>
      <p className="lead-pipeline__next">{next.length ? `Next: ${either(next)}.` : `${STATUS_LABELS[status]}: this ${line.what} is closed.`}</p>
    </div>
  );
}

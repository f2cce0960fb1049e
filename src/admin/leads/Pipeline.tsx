/**
 * Where a lead stands in the pipeline New → Contacted → Interested (visit booked) → Admitted (or
 * Lost), the current step marked for sight and for screen readers, and the steps it may take next.
 */
import { NEXT_STATUSES, STATUS_LABELS, type LeadStatus } from '../../lib/schemas/lead';

const MAIN: LeadStatus[] = ['new', 'contacted', 'interested', 'admitted'];

/** 'A or B' lists. */
const either = (words: string[]) => (words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)!}`);

export default function Pipeline({ status }: { status: LeadStatus }) {
  const reached = status === 'lost' ? -1 : MAIN.indexOf(status);
  const next = NEXT_STATUSES[status].filter((s) => s !== status).map((s) => STATUS_LABELS[s]);
  return (
    <div className="lead-pipeline">
      <ol className="lead-pipeline__steps" aria-label="Pipeline">
        {MAIN.map((step, index) => (
          <li key={step} className={index < reached ? 'is-done' : index === reached ? 'is-current' : undefined} aria-current={index === reached ? 'step' : undefined}>
            {STATUS_LABELS[step]}
          </li>
        ))}
        <li className={status === 'lost' ? 'is-current is-lost' : undefined} aria-current={status === 'lost' ? 'step' : undefined}>
          {STATUS_LABELS.lost}
        </li>
      </ol>
      <p className="lead-pipeline__next">{next.length ? `Next: ${either(next)}.` : 'Admitted: this lead is closed.'}</p>
    </div>
  );
}

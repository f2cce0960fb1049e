/** A lead's status as a small coloured label (the colour repeats the words, never replaces them). */
import { STATUS_LABELS, type LeadStatus } from '../../lib/schemas/lead';

export default function StatusBadge({ status }: { status: LeadStatus }) {
  return <span className={`lead-status lead-status--${status}`}>{STATUS_LABELS[status]}</span>;
}

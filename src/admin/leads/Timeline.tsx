/**
 * A person's timeline, newest first: on a phone the last call, message or note is what staff need
 * before they reach out again, and a note just added appears at the top, beside the form that
 * added it. Each entry says what happened, who did it (or the website), when, and which enquiry
 * it belongs to when the person made more than one.
 */
import type { TimelineEntry } from '../../lib/schemas/lead';
import { formatMoment } from '../ui/dates';

export default function Timeline({ entries, many }: { entries: TimelineEntry[]; many: boolean }) {
  if (entries.length === 0) return <p>Nothing has happened yet.</p>;
  return (
    <ol className="lead-timeline" reversed>
      {[...entries].reverse().map((entry) => (
        <li key={entry._id} className={`lead-timeline__item lead-timeline__item--${entry.kind}`}>
          <p className="lead-timeline__summary">{entry.summary}</p>
          <p className="lead-timeline__meta">
            {entry.staff?.name ?? 'The website'} · <time dateTime={entry.at}>{formatMoment(entry.at)}</time>
            {many && <> · {entry.lead.reference}</>}
          </p>
        </li>
      ))}
    </ol>
  );
}

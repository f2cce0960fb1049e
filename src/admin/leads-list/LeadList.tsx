/**
 * The leads of the list with a checkbox each: a table (TanStack Table v9, a caption, column
 * headers, the name as each row's header) on a wide screen, and the same facts as cards on a
 * phone, so the page never scrolls sideways. Each lead links to its own page.
 */
import { createContext, use, useId, type ReactNode } from 'react';
import { Link } from 'wouter';
import { indiaToday, isApplicationKind, LEAD_FORMS, LEAD_KINDS, OPEN_STATUSES, STATUS_LABELS, type LeadRow } from '../../lib/schemas/lead';
import { leadPath } from '../routes';
import DataTable, { type Columns } from '../ui/DataTable';
import { sourceLabel } from '../../lib/labels';
import { LANGUAGE_WORDS } from '../../lib/person-language';
import { formatDay, formatMoment } from '../ui/dates';
import { useWide } from './use-wide';

interface Selection {
  selected: ReadonlySet<string>;
  toggle: (row: LeadRow, on: boolean) => void;
  /** Today in India (YYYY-MM-DD), for the overdue marker. */
  today: string;
}

/** The selection the cells read, so the columns keep their identity between renders. */
const SelectionContext = createContext<Selection>({ selected: new Set(), toggle: () => {}, today: '' });

/** What the person asked about: the course they applied for, or their message's subject (an application form: the form). */
const askedAbout = (lead: LeadRow) => lead.course ?? lead.subject ?? '—';

/** Whether an open lead's follow-up day has passed. */
const isOverdue = (lead: LeadRow, today: string) => Boolean(lead.followUp && lead.followUp < today && OPEN_STATUSES.includes(lead.status));

function SelectBox({ lead }: { lead: LeadRow }) {
  const { selected, toggle } = use(SelectionContext);
  return (
    <input
      type="checkbox"
      className="leads-list__check"
      aria-label={`Select ${lead.name} (${lead.reference})`}
      checked={selected.has(lead._id)}
      onChange={(event) => toggle(lead, event.target.checked)}
    />
  );
}

function NameCell({ lead }: { lead: LeadRow }) {
  return (
    <>
      <Link href={leadPath(lead._id)}>{lead.name}</Link>
      {lead.enquiries > 1 && <span className="admin-badge admin-badge--warning">{lead.enquiries} enquiries</span>}
      {lead.language && <span className="admin-badge">{LANGUAGE_WORDS[lead.language]}</span>}
    </>
  );
}

function FollowUpCell({ lead }: { lead: LeadRow }) {
  const { today } = use(SelectionContext);
  if (!lead.followUp) return <>—</>;
  return (
    <>
      {formatDay(lead.followUp)}
      {isOverdue(lead, today) && <span className="admin-badge leads-list__overdue">Overdue</span>}
    </>
  );
}

function AskedCell({ lead }: { lead: LeadRow }) {
  // An application form's lead is about the form itself.
  if (isApplicationKind(lead.kind)) return <>{LEAD_KINDS[lead.kind]}</>;
  return (
    <>
      {askedAbout(lead)}
      <span className="leads-list__minor">{LEAD_KINDS[lead.kind] ?? lead.kind}</span>
    </>
  );
}

function SourceCell({ lead }: { lead: LeadRow }) {
  return (
    <>
      {sourceLabel(lead.source)}
      <span className="leads-list__minor">{LEAD_FORMS[lead.form as keyof typeof LEAD_FORMS] ?? lead.form}</span>
    </>
  );
}

const COLUMNS: Columns<LeadRow> = [
  { id: 'select', header: () => <span className="sr-only">Select</span>, cell: ({ row }) => <SelectBox lead={row.original} /> },
  { id: 'name', header: 'Name', cell: ({ row }) => <NameCell lead={row.original} /> },
  { id: 'reference', accessorKey: 'reference', header: 'Reference' },
  { id: 'asked', header: 'Asked about', cell: ({ row }) => <AskedCell lead={row.original} /> },
  { id: 'status', accessorFn: (lead) => STATUS_LABELS[lead.status] ?? lead.status, header: 'Status' },
  { id: 'followUp', header: 'Follow-up', cell: ({ row }) => <FollowUpCell lead={row.original} /> },
  { id: 'assigned', accessorFn: (lead) => lead.assignedTo?.name ?? 'Nobody', header: 'Assigned to' },
  { id: 'received', accessorFn: (lead) => formatMoment(lead.createdAt), header: 'Received' },
  { id: 'source', header: 'Source', cell: ({ row }) => <SourceCell lead={row.original} /> },
];

/** The facts of a card, in the table's order. */
function LeadCard({ lead }: { lead: LeadRow }) {
  const facts: [string, ReactNode][] = [
    ['Asked about', <AskedCell lead={lead} />],
    ['Status', STATUS_LABELS[lead.status] ?? lead.status],
    ['Follow-up', <FollowUpCell lead={lead} />],
    ['Assigned to', lead.assignedTo?.name ?? 'Nobody'],
    ['Received', formatMoment(lead.createdAt)],
    ['Source', <SourceCell lead={lead} />],
  ];
  return (
    <li className="leads-card">
      <div className="leads-card__head">
        <SelectBox lead={lead} />
        <h3 className="leads-card__name">
          <NameCell lead={lead} />
        </h3>
      </div>
      <p className="leads-card__reference">{lead.reference}</p>
      <dl>
        {facts.map(([label, value]) => (
          <div key={label} className="leads-card__fact">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </li>
  );
}

interface Props {
  /** Names the list (the table's caption, the cards' label). */
  caption: string;
  rows: LeadRow[];
  selected: ReadonlySet<string>;
  toggle: (row: LeadRow, on: boolean) => void;
}

export default function LeadList({ caption, rows, selected, toggle }: Props) {
  const id = useId();
  const wide = useWide();
  const today = indiaToday();
  return (
    <SelectionContext value={{ selected, toggle, today }}>
      {wide ? (
        <DataTable caption={caption} label="Leads table" columns={COLUMNS} data={rows} rowHeader="name" className="leads-table" />
      ) : (
        <>
          <h2 className="admin-subheading leads-cards__title" id={`${id}-title`}>
            {caption}
          </h2>
          <ul className="leads-cards" aria-labelledby={`${id}-title`}>
            {rows.map((lead) => (
              <LeadCard key={lead._id} lead={lead} />
            ))}
          </ul>
        </>
      )}
    </SelectionContext>
  );
}

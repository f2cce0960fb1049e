/**
 * Audit log (/adminAudit): what staff did and which personal data they opened (GET
 * /api/admin/audit, newest first, keyset pages), each line a sentence saying what happened to
 * whom, filtered by member of staff, kind of record (by name) and record number.
 */
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { RECORD_KINDS } from '../../lib/labels';
import { api, messageOf } from '../api';
import DataTable, { type Columns } from '../ui/DataTable';
import LoadMore from '../ui/LoadMore';
import PanelHeading from '../ui/PanelHeading';
import { formatMoment } from '../ui/dates';
import { usePaged } from '../ui/use-paged';
import type { StaffListing } from './Staff';

/** One line of GET /api/admin/audit. */
export interface AuditEntry {
  _id: string;
  at: string;
  staff: { _id: string; name: string } | null;
  action: string;
  entity: string;
  entityId: string | null;
  client: string | null;
  detail: unknown;
  /** What happened, in words: 'Asha Verma disabled Ravi Kumar’s staff account.' */
  summary: string;
}

const COLUMNS: Columns<AuditEntry> = [
  { id: 'at', accessorFn: (e) => formatMoment(e.at), header: 'When' },
  { id: 'staff', accessorFn: (e) => e.staff?.name ?? '—', header: 'Who' },
  { id: 'summary', accessorKey: 'summary', header: 'What happened' },
  { id: 'client', accessorFn: (e) => e.client ?? '—', header: 'Network' },
];

interface Filters {
  staff: string;
  entity: string;
  entityId: string;
}
const NONE: Filters = { staff: '', entity: '', entityId: '' };

export default function Audit() {
  const id = useId();
  const [draft, setDraft] = useState<Filters>(NONE);
  const [filters, setFilters] = useState<Filters>(NONE);
  const staff = useQuery({ queryKey: ['/api/admin/staff'], queryFn: () => api<{ items: StaffListing[] }>('/api/admin/staff') });
  const params = Object.fromEntries(Object.entries(filters).filter(([, value]) => value)) as Record<string, string>;
  const { list, rows } = usePaged<AuditEntry>('/api/admin/audit', params);
  const filtered = Object.keys(params).length > 0;

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilters({ staff: draft.staff, entity: draft.entity.trim(), entityId: draft.entityId.trim() });
  };

  return (
    <section className="admin-panel">
      <PanelHeading title="Audit log" />
      <p>Every change made here and every look at personal data, with who, when and from which network. Kept for 400 days.</p>

      <form className="admin-form admin-filters" onSubmit={apply} aria-label="Filter the audit log">
        <div className="form-field">
          <label htmlFor={`${id}-staff`}>Member of staff</label>
          <select id={`${id}-staff`} value={draft.staff} onChange={(event) => setDraft({ ...draft, staff: event.target.value })}>
            <option value="">Anyone</option>
            {staff.data?.items.map((person) => (
              <option key={person._id} value={person._id}>
                {person.name}
              </option>
            ))}
          </select>
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-entity`}>Kind of record</label>
          <select id={`${id}-entity`} value={draft.entity} onChange={(event) => setDraft({ ...draft, entity: event.target.value })}>
            <option value="">Any</option>
            {Object.entries(RECORD_KINDS).map(([entity, words]) => (
              <option key={entity} value={entity}>
                {words.many}
              </option>
            ))}
          </select>
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-entityId`}>Record number</label>
          <input
            id={`${id}-entityId`}
            type="text"
            inputMode="numeric"
            value={draft.entityId}
            onChange={(event) => setDraft({ ...draft, entityId: event.target.value })}
          />
        </div>
        <div className="btn-row">
          <button type="submit" className="btn">
            Filter
          </button>
          {filtered && (
            <button
              type="button"
              className="btn btn--outline"
              onClick={() => {
                setDraft(NONE);
                setFilters(NONE);
              }}
            >
              Clear
            </button>
          )}
        </div>
      </form>

      {list.isPending ? (
        <p role="status">Loading the audit log...</p>
      ) : list.isError ? (
        <div role="alert">
          <p className="form-error">{messageOf(list.error, 'The audit log could not be loaded.')}</p>
          <button type="button" className="btn btn--sm btn--outline" onClick={() => void list.refetch()}>
            Try again
          </button>
        </div>
      ) : rows.length === 0 ? (
        <p role="status">{filtered ? 'Nothing in the log matches these filters.' : 'The log is empty.'}</p>
      ) : (
        <>
          <DataTable caption={`Log entries (${rows.length}${list.hasNextPage ? '+' : ''})`} label="Audit log table" columns={COLUMNS} data={rows} />
          <LoadMore list={list} />
        </>
      )}
    </section>
  );
}

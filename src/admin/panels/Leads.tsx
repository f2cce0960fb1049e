/**
 * Leads (/adminLeads): every enquiry, 50 at a time with "Load more" (GET /api/admin/leads, keyset
 * pages), found by search, filters and a sort that all live in the address, so a view can be
 * bookmarked, shared and reloaded and Back returns to the one before. Leads can be chosen one by
 * one or all those shown, then assigned, moved to a status or exported together; "Export CSV"
 * and "Export Excel" (.xlsx) download every lead of the current filters (Owners only: the role of others offers no export).
 * Opening the list is audit-logged by the server.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import toast from 'react-hot-toast/headless';
import { Link, useLocation, useSearch } from 'wouter';
import { LEAD_SORTS, type BulkAction, type LeadRow } from '../../lib/schemas/lead';
import { api, ApiError, messageOf } from '../api';
import { useAppInfo, useCan } from '../app-info';
import BulkBar, { type SendBulk } from '../leads-list/BulkBar';
import LeadFilters from '../leads-list/LeadFilters';
import LeadList from '../leads-list/LeadList';
import { activeParams, DEFAULT_SORT, exportHref, leadQueryString, readLeadQuery, type LeadQuery } from '../leads-list/lead-query';
import { PATHS, leadPath } from '../routes';
import LoadMore from '../ui/LoadMore';
import PanelHeading from '../ui/PanelHeading';
import { usePaged } from '../ui/use-paged';
import type { StaffListing } from './Staff';

/** The answer of POST /api/admin/leads/bulk. */
interface BulkResult {
  message: string;
  updated: number;
  skipped: { _id: string; reference: string; reason: string }[];
}

const LIST = '/api/admin/leads';

export default function Leads() {
  const id = useId();
  const { me } = useAppInfo();
  // Exporting every lead's contact details at once is the Owner's (the server refuses others).
  const mayExport = useCan()('leads-export');
  const queryClient = useQueryClient();
  const search = useSearch();
  const [, navigate] = useLocation();
  const applied = useMemo(() => readLeadQuery(search), [search]);
  const params = useMemo(() => activeParams(applied), [applied]);
  const { list, rows } = usePaged<LeadRow>(LIST, params);
  const staffList = useQuery({ queryKey: ['/api/admin/staff'], queryFn: () => api<{ items: StaffListing[] }>('/api/admin/staff') });
  const staff = useMemo(() => staffList.data?.items.filter((person) => person.status === 'active') ?? [], [staffList.data]);

  // The chosen leads, by id (kept across "Load more"; a new view starts with none).
  const [selected, setSelected] = useState<ReadonlyMap<string, LeadRow>>(new Map());
  const [skipped, setSkipped] = useState<BulkResult['skipped']>([]);
  useEffect(() => {
    setSelected(new Map());
    setSkipped([]);
  }, [search]);

  const apply = (query: LeadQuery) => {
    const text = leadQueryString(query);
    navigate(text ? `${PATHS.leads}?${text}` : PATHS.leads);
  };

  const toggle = useCallback((row: LeadRow, on: boolean) => {
    setSelected((current) => {
      const next = new Map(current);
      if (on) next.set(row._id, row);
      else next.delete(row._id);
      return next;
    });
  }, []);
  const ids = useMemo(() => new Set(selected.keys()), [selected]);
  const allShown = rows.length > 0 && rows.every((row) => selected.has(row._id));
  const someShown = !allShown && rows.some((row) => selected.has(row._id));
  const selectAll = useRef<HTMLInputElement>(null);
  const countLine = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (selectAll.current) selectAll.current.indeterminate = someShown;
  }, [someShown]);

  const send: SendBulk = async (action) => {
    const answer = await api<BulkResult>(`${LIST}/bulk`, { body: { ...action, ids: [...selected.keys()] } as BulkAction });
    toast.success(answer.message);
    setSkipped(answer.skipped);
    setSelected(new Map());
    // The bar closes with the selection: the keyboard goes on from the selection's line.
    countLine.current?.focus();
    await queryClient.invalidateQueries({ queryKey: [LIST] });
  };

  // A refused list (a bad value in the address) names the filter at fault.
  const refused = list.error instanceof ApiError && list.error.status === 400 ? (list.error.data.errors ?? {}) : {};
  const count = `${rows.length}${list.hasNextPage ? '+' : ''}`;
  const filtered = Object.keys(params).some((key) => key !== 'sort');

  return (
    <section className="admin-panel leads-panel">
      <PanelHeading title="Leads">
        {mayExport && (
          <>
            <a className="btn btn--sm btn--outline" href={exportHref(applied)} download>
              Export CSV
            </a>
            <a className="btn btn--sm btn--outline" href={exportHref(applied, undefined, 'xlsx')} download>
              Export Excel
            </a>
          </>
        )}
      </PanelHeading>

      <LeadFilters applied={applied} onApply={apply} staff={staff} meId={me.staff._id} errors={refused} />

      <div className="leads-toolbar">
        <div className="form-field leads-toolbar__sort">
          <label htmlFor={`${id}-sort`}>Sort by</label>
          <select id={`${id}-sort`} value={applied.sort || DEFAULT_SORT} onChange={(event) => apply({ ...applied, sort: event.target.value })}>
            {Object.entries(LEAD_SORTS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
            {applied.sort && !(applied.sort in LEAD_SORTS) && <option value={applied.sort}>{applied.sort}</option>}
          </select>
        </div>
        <div className="form-check leads-toolbar__all">
          <input
            ref={selectAll}
            id={`${id}-all`}
            type="checkbox"
            checked={allShown}
            disabled={rows.length === 0}
            onChange={(event) =>
              setSelected((current) => {
                const next = new Map(current);
                for (const row of rows) {
                  if (event.target.checked) next.set(row._id, row);
                  else next.delete(row._id);
                }
                return next;
              })
            }
          />
          <label htmlFor={`${id}-all`}>Select all shown ({rows.length})</label>
        </div>
        <p ref={countLine} className="leads-toolbar__count" role="status" tabIndex={-1}>
          {selected.size === 0 ? 'No leads selected.' : `${selected.size} lead${selected.size === 1 ? '' : 's'} selected.`}
        </p>
      </div>

      {skipped.length > 0 && (
        <div className="admin-box admin-box--warning" role="region" aria-labelledby={`${id}-skipped`}>
          <h2 className="admin-subheading" id={`${id}-skipped`}>
            Not changed ({skipped.length})
          </h2>
          <ul>
            {skipped.map((lead) => (
              <li key={lead._id}>
                <Link href={leadPath(lead._id)}>{lead.reference}</Link>: {lead.reason}
              </li>
            ))}
          </ul>
          <button type="button" className="btn btn--sm btn--outline" onClick={() => setSkipped([])}>
            Dismiss
          </button>
        </div>
      )}

      {list.isPending ? (
        <p role="status">Loading leads...</p>
      ) : list.isError ? (
        <div role="alert">
          <p className="form-error">{messageOf(list.error, 'The leads could not be loaded.')}</p>
          {Object.keys(refused).length > 0 ? (
            <ul className="form-error">
              {Object.entries(refused).map(([field, message]) => (
                <li key={field}>{message}</li>
              ))}
            </ul>
          ) : (
            <button type="button" className="btn btn--sm btn--outline" onClick={() => void list.refetch()}>
              Try again
            </button>
          )}
        </div>
      ) : rows.length === 0 ? (
        <p role="status">{filtered ? 'No lead matches these filters.' : 'No leads yet.'}</p>
      ) : (
        <>
          <LeadList caption={filtered ? `Leads matching the filters (${count})` : `Leads (${count})`} rows={rows} selected={ids} toggle={toggle} />
          <LoadMore list={list} />
        </>
      )}

      {selected.size > 0 && (
        <BulkBar
          count={selected.size}
          exportHref={mayExport ? exportHref(applied, [...selected.keys()]) : null}
          staff={staff}
          meId={me.staff._id}
          send={send}
          onClear={() => setSelected(new Map())}
        />
      )}
    </section>
  );
}

/**
 * 'Merge with another person': search a lead by name, phone, e-mail or reference (GET
 * /api/admin/leads?q=), confirm, and its person's enquiries join this person (POST
 * /api/admin/people/merge). Each merge of this person can be undone (POST /api/admin/people/unmerge).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type SubmitEvent } from 'react';
import toast from 'react-hot-toast/headless';
import { Field } from '../../components/islands/form-field';
import type { LeadDetail, LeadRow } from '../../lib/schemas/lead';
import type { Page } from '../../lib/schemas/records';
import { api, listQuery, messageOf } from '../api';
import { useConfirm } from '../ui/ConfirmDialog';
import { formatMoment } from '../ui/dates';
import { afterLeadChange, leadKey } from './lead-api';
import StatusBadge from './StatusBadge';
import { formatMobile } from '../../lib/mobile';

export default function MergePanel({ lead }: { lead: LeadDetail }) {
  const id = useId();
  const confirm = useConfirm();
  const client = useQueryClient();
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [busy, setBusy] = useState(false);
  const found = useQuery({
    queryKey: ['/api/admin/leads', { q, limit: 10 }],
    queryFn: () => api<Page<LeadRow>>(`/api/admin/leads${listQuery({ q, limit: 10 })}`),
    enabled: q.length > 0,
  });
  const others = found.data?.items.filter((row) => row.personId !== lead.personId) ?? [];

  const refresh = async () => {
    await client.invalidateQueries({ queryKey: leadKey(lead._id) });
    await afterLeadChange(client, null);
  };

  const merge = async (other: LeadRow) => {
    if (!(await confirm(`Merge ${other.name} (${other.reference}) with ${lead.name}? Their enquiries will share one timeline. You can undo this.`, 'Merge')))
      return;
    setBusy(true);
    try {
      const answer = await api<{ message: string }>('/api/admin/people/merge', { body: { from: other.personId, into: lead.personId } });
      toast.success(answer.message);
      setTyped('');
      setQ('');
      await refresh();
    } catch (error) {
      toast.error(messageOf(error, 'The merge did not work. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  const unmerge = async (merge: string) => {
    if (!(await confirm('Undo this merge? The enquiries it moved go back to their own person.', 'Undo merge'))) return;
    setBusy(true);
    try {
      const answer = await api<{ message: string }>('/api/admin/people/unmerge', { body: { merge } });
      toast.success(answer.message);
    } catch (error) {
      toast.error(messageOf(error, 'The merge could not be undone. Please try again.'));
    } finally {
      setBusy(false);
      await refresh();
    }
  };

  const search = (event: SubmitEvent) => {
    event.preventDefault();
    setQ(typed.trim());
  };

  return (
    <div className="lead-merge">
      {lead.person.merges.length > 0 && (
        <ul className="lead-merge__done">
          {lead.person.merges.map((m) => (
            <li key={m._id}>
              Merged {formatMoment(m.at)}{' '}
              <button type="button" className="btn btn--sm btn--outline" disabled={busy} onClick={() => void unmerge(m._id)}>
                Undo merge<span className="sr-only"> of {formatMoment(m.at)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className="admin-search" role="search" aria-label="Find the other person" onSubmit={search}>
        <Field id={`${id}-q`} label="Name, mobile, e-mail or reference">
          {(aria) => <input {...aria} type="search" value={typed} onChange={(event) => setTyped(event.target.value)} />}
        </Field>
        <button type="submit" className="btn btn--outline">
          Find
        </button>
      </form>
      {q &&
        (found.isPending ? (
          <p role="status">Searching...</p>
        ) : found.isError ? (
          <p className="form-error" role="alert">
            {messageOf(found.error, 'The search did not work. Please try again.')}
          </p>
        ) : others.length === 0 ? (
          <p role="status">No other person matches “{q}”.</p>
        ) : (
          <ul className="lead-merge__found">
            {others.map((row) => (
              <li key={row._id}>
                <span>
                  {row.name} · {row.reference} · {formatMobile(row.phone)} <StatusBadge status={row.status} />
                </span>
                <button type="button" className="btn btn--sm" disabled={busy} onClick={() => void merge(row)}>
                  Merge
                  <span className="sr-only">
                    {' '}
                    {row.name} ({row.reference})
                  </span>
                </button>
              </li>
            ))}
          </ul>
        ))}
    </div>
  );
}

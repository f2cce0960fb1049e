/** 'Assign' on a lead's page: a select of the active staff (GET /api/admin/staff), POST `{action: 'assign', version, assignedTo}`. */
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type SubmitEvent } from 'react';
import { Field, FormAlert } from '../../components/islands/form-field';
import type { LeadDetail } from '../../lib/schemas/lead';
import { api, messageOf } from '../api';
import ConflictNotice from './ConflictNotice';
import { useLeadAction } from './use-lead-action';

/** A staff account as GET /api/admin/staff lists it (what this form needs of it). */
interface StaffAccount {
  _id: string;
  name: string;
  status: 'active' | 'invited' | 'disabled';
}

export default function AssignForm({ lead }: { lead: LeadDetail }) {
  const id = useId();
  const staff = useQuery({ queryKey: ['/api/admin/staff'], queryFn: () => api<{ items: StaffAccount[] }>('/api/admin/staff') });
  const { send, conflict, failure } = useLeadAction(lead._id);
  const [chosen, setChosen] = useState(lead.assignedTo?._id ?? '');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const active = staff.data?.items.filter((s) => s.status === 'active') ?? [];

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    setBusy(true);
    const result = await send({ action: 'assign', version: lead.version, assignedTo: chosen || null }, 'The lead could not be assigned. Please try again.');
    setBusy(false);
    setError(result.ok ? '' : (result.errors['assignedTo'] ?? ''));
  };

  return (
    <form className="lead-form" noValidate onSubmit={(event) => void submit(event)}>
      {conflict && <ConflictNotice conflict={conflict} />}
      <Field
        id={`${id}-staff`}
        label="Assigned to"
        error={error || (staff.isError ? messageOf(staff.error, 'The staff list could not be loaded.') : undefined)}
      >
        {(aria) => (
          <select {...aria} value={chosen} onChange={(event) => setChosen(event.target.value)} disabled={staff.isPending}>
            <option value="">Nobody</option>
            {active.map((member) => (
              <option key={member._id} value={member._id}>
                {member.name}
              </option>
            ))}
            {/* Someone no longer active stays shown while the lead is theirs. */}
            {lead.assignedTo && !active.some((m) => m._id === lead.assignedTo?._id) && <option value={lead.assignedTo._id}>{lead.assignedTo.name}</option>}
          </select>
        )}
      </Field>
      <FormAlert>{failure}</FormAlert>
      <button type="submit" className="btn" disabled={busy || staff.isPending}>
        {busy ? 'Saving...' : 'Assign'}
      </button>
    </form>
  );
}

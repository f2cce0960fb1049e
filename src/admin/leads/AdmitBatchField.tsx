/**
 * The optional batch of an admission: the planned and running batches with a free seat, those of
 * the course typed first. A batch that fills up meanwhile is refused by the server, and then
 * nothing of the admission is written.
 */
import { useQuery } from '@tanstack/react-query';
import type { UseFormReturn } from 'react-hook-form';
import { Field } from '../../components/islands/form-field';
import { BATCH_STATUS_LABELS, daysInWords, timeRange } from '../../lib/batch-words';
import type { Batch } from '../../lib/schemas/batch';
import type { LeadAction } from '../../lib/schemas/lead';
import { api } from '../api';
import { useCan } from '../app-info';
import type { LeadFormValues } from './lead-form';

interface Props {
  form: UseFormReturn<LeadFormValues, unknown, LeadAction>;
  id: string;
  /** The course typed for the student: its batches are listed first. */
  course: string;
  error?: string | undefined;
}

export default function AdmitBatchField({ form, id, course, error }: Props) {
  const can = useCan();
  const batches = useQuery({ queryKey: ['/api/admin/batches', {}], queryFn: () => api<Batch[]>('/api/admin/batches'), enabled: can('batches') });
  if (!can('batches')) return null;
  const wanted = course.trim().toLowerCase();
  const open = (batches.data ?? [])
    .filter((b) => b.status !== 'completed' && b.seatsTaken < b.seats)
    .sort((a, b) => Number(b.course.toLowerCase() === wanted) - Number(a.course.toLowerCase() === wanted));
  return (
    <Field id={`${id}-s-batch`} label="Put into a batch (optional)" hint="Only batches with a free seat are listed." error={error}>
      {(aria) => (
        <select {...form.register('next.batchId')} {...aria}>
          <option value="">No batch yet</option>
          {open.map((b) => (
            <option key={b._id} value={b._id}>
              {b.name}: {b.course}, {daysInWords(b.days)} {timeRange(b.startsAt, b.endsAt)} ({BATCH_STATUS_LABELS[b.status]}, {b.seatsTaken} / {b.seats})
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/**
 * Batch List (/batches, GET /api/admin/batches): every batch with its course, days and times,
 * room, teacher, seats taken of seats and status in words, filtered by course, status and
 * teacher; a card per batch on a phone (DataTable). Staff who may change batches get Edit and
 * Delete (after a question naming the batch); a completed batch's Owner or Teacher gets
 * Certificates (the Certificates screen with that batch chosen, to issue them all at once).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import toast from 'react-hot-toast/headless';
import { Link } from 'wouter';
import type { Course } from '../../lib/schemas/course';
import { BATCH_STATUS_LABELS, BATCH_STATUSES, daysInWords, timeRange } from '../../lib/batch-words';
import type { Batch } from '../../lib/schemas/batch';
import { api, listQuery, messageOf } from '../api';
import { useAppInfo, useCan } from '../app-info';
import { batchEditPath, PATHS } from '../routes';
import { useConfirm } from '../ui/ConfirmDialog';
import DataTable, { type Columns } from '../ui/DataTable';
import { deleteQuestion } from '../ui/delete-question';
import PanelHeading from '../ui/PanelHeading';
import { useTeachers } from '../staff/teachers';

export default function Batches() {
  const id = useId();
  const can = useCan();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState({ course: '', status: '', teacher: '' });
  const batches = useQuery({ queryKey: ['/api/admin/batches', filter], queryFn: () => api<Batch[]>(`/api/admin/batches${listQuery(filter)}`) });
  const courses = useQuery({ queryKey: ['/api/courses', 'titles'], queryFn: () => api<Course[]>(`/api/courses${listQuery({ limit: 100 })}`) });
  const teachers = useTeachers(can('colleagues'));
  const editable = can('batches');
  const { me } = useAppInfo();
  // A completed batch's certificates are issued from the Certificates screen: the Owner's for any batch, a Teacher's for theirs.
  const issuesFor = (b: Batch) => b.status === 'completed' && can('certificates') && (can('attendance-any') || b.teacherId === me.staff._id);
  const issuing = can('certificates');

  const columns = useMemo<Columns<Batch>>(() => {
    const remove = async (batch: Batch) => {
      if (!(await confirm(deleteQuestion('batch', batch.name), 'Delete'))) return;
      try {
        const answer = await api<{ message: string }>(`/api/admin/batches/${encodeURIComponent(batch._id)}${listQuery({ version: batch.version })}`, {
          method: 'DELETE',
        });
        toast.success(answer.message);
      } catch (error) {
        toast.error(messageOf(error, 'The batch could not be deleted. Please try again.'));
      }
      await queryClient.invalidateQueries({ queryKey: ['/api/admin/batches'] });
    };
    const list: Columns<Batch> = [
      { id: 'name', accessorKey: 'name', header: 'Batch' },
      { id: 'course', accessorKey: 'course', header: 'Course' },
      { id: 'when', accessorFn: (b) => `${daysInWords(b.days)}, ${timeRange(b.startsAt, b.endsAt)}`, header: 'Days and time' },
      { id: 'room', accessorKey: 'room', header: 'Room' },
      { id: 'teacher', accessorFn: (b) => b.teacher ?? 'No teacher yet', header: 'Teacher' },
      { id: 'seats', accessorFn: (b) => `${b.seatsTaken} / ${b.seats}`, header: 'Seats taken' },
      { id: 'status', accessorFn: (b) => BATCH_STATUS_LABELS[b.status], header: 'Status' },
    ];
    if (!editable && !issuing) return list;
    return [
      ...list,
      {
        id: 'actions',
        header: 'Actions',
        cell: ({ row }) => (
          <div className="btn-row">
            {issuesFor(row.original) && (
              <Link
                className="btn btn--sm btn--outline"
                href={`${PATHS.certificates}?batch=${encodeURIComponent(row.original._id)}`}
                aria-label={`Issue certificates for ${row.original.name}`}
              >
                Certificates
              </Link>
            )}
            {editable && (
              <>
                <Link className="btn btn--sm btn--outline" href={batchEditPath(row.original._id)} aria-label={`Edit ${row.original.name}`}>
                  Edit
                </Link>
                <button
                  type="button"
                  className="btn btn--sm btn--outline admin-btn--danger-outline"
                  onClick={() => void remove(row.original)}
                  aria-label={`Delete ${row.original.name}`}
                >
                  Delete
                </button>
              </>
            )}
          </div>
        ),
      },
    ];
    // eslint-disable-next-line react-hooks/exhaustive-deps -- issuesFor reads the role and the signed-in member, fixed for the session
  }, [editable, issuing, confirm, queryClient]);

  const set = (name: keyof typeof filter) => (event: { target: { value: string } }) => setFilter((f) => ({ ...f, [name]: event.target.value }));

  return (
    <section className="admin-panel">
      <PanelHeading title="Batch List">
        {editable && (
          <Link className="btn btn--sm" href={PATHS.newBatch}>
            Add Batch
          </Link>
        )}
      </PanelHeading>
      <div className="admin-filters">
        <div className="form-field">
          <label htmlFor={`${id}-course`}>Course</label>
          <select id={`${id}-course`} value={filter.course} onChange={set('course')}>
            <option value="">All courses</option>
            {courses.data?.map((c) => (
              <option key={c._id} value={c._id}>
                {c.title}
              </option>
            ))}
          </select>
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-status`}>Status</label>
          <select id={`${id}-status`} value={filter.status} onChange={set('status')}>
            <option value="">Any status</option>
            {BATCH_STATUSES.map((s) => (
              <option key={s} value={s}>
                {BATCH_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        {teachers && (
          <>
            <div className="form-field">
              <label htmlFor={`${id}-teacher`}>Teacher</label>
              <select id={`${id}-teacher`} value={filter.teacher} onChange={set('teacher')}>
                <option value="">Any teacher</option>
                {teachers.map((t) => (
                  <option key={t._id} value={t._id}>
                    {t.name}
                  </option>
                ))}
              </select>
            </div>
          </>
        )}
      </div>
      {batches.isError ? (
        <p role="alert" className="form-error">
          {messageOf(batches.error, 'The batches could not be loaded.')}
        </p>
      ) : !batches.data ? (
        <p role="status">Loading batches…</p>
      ) : batches.data.length === 0 ? (
        <p>No batches yet.</p>
      ) : (
        <DataTable caption="Batches" label="Batches" columns={columns} data={batches.data} />
      )}
    </section>
  );
}

/**
 * The student lists (GET /api/students, keyset pages, `q` searching name or e-mail):
 * - /allStudents ('Students'): every registered student;
 * - /student-list ('Student list'): the same with Edit and Delete on each row;
 * - /student-list/edit and /student-list/delete (the submenu's 'Edit a student' and 'Delete a student'):
 *   the list with one action per row and a line saying to choose the student.
 * 'Loading students...' while the first page loads; Delete asks first, naming the student ('Are you
 * sure you want to delete the student Sunita Sharma?'). Opening the list is audit-logged by the server (personal data).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast/headless';
import { Link } from 'wouter';
import type { Student } from '../../lib/schemas/student';
import { api, listQuery, messageOf } from '../api';
import { editStudentPath, PATHS } from '../routes';
import { deleteStudentQuestion } from '../ui/delete-question';
import { useConfirm } from '../ui/ConfirmDialog';
import DataTable, { type Columns } from '../ui/DataTable';
import LoadMore from '../ui/LoadMore';
import PanelHeading from '../ui/PanelHeading';
import { usePaged } from '../ui/use-paged';
import { formatDay } from '../ui/dates';
import { formatMobile } from '../../lib/mobile';
import { LANGUAGE_WORDS, languageOf } from '../../lib/person-language';

export type StudentsMode = 'all' | 'manage' | 'edit' | 'delete';

const TITLES: Record<StudentsMode, string> = {
  all: 'Students',
  manage: 'Student list',
  edit: 'Edit a student',
  delete: 'Delete a student',
};

const INSTRUCTIONS: Partial<Record<StudentsMode, string>> = {
  edit: 'Choose the student to edit: find them by name or e-mail, then press Edit on their row.',
  delete: 'Choose the student to delete: find them by name or e-mail, then press Delete on their row. You will be asked to confirm.',
};

const BASE_COLUMNS: Columns<Student> = [
  { id: 'name', accessorKey: 'name', header: 'Name' },
  { id: 'email', accessorKey: 'email', header: 'Email' },
  { id: 'phone', accessorFn: (s) => (s.phone ? formatMobile(s.phone) : '—'), header: 'Mobile' },
  { id: 'course', accessorKey: 'course', header: 'Course' },
  { id: 'registrationDate', accessorFn: (s) => formatDay(s.registrationDate), header: 'Registered' },
  { id: 'language', accessorFn: (s) => LANGUAGE_WORDS[languageOf(s)], header: 'Language' },
];

export default function Students({ mode }: { mode: StudentsMode }) {
  const id = useId();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [deleting, setDeleting] = useState<string | null>(null);
  const { list, rows } = usePaged<Student>('/api/students', q ? { q } : {});

  const columns = useMemo<Columns<Student>>(() => {
    if (mode === 'all') return BASE_COLUMNS;
    const remove = async (student: Student) => {
      if (!(await confirm(deleteStudentQuestion(student.name)))) return;
      setDeleting(student._id);
      try {
        const answer = await api<{ message: string }>(`/api/students/${encodeURIComponent(student._id)}${listQuery({ version: student.version })}`, {
          method: 'DELETE',
        });
        toast.success(answer.message);
      } catch (error) {
        toast.error(messageOf(error, 'The student could not be deleted. Please try again.'));
      } finally {
        setDeleting(null);
        await queryClient.invalidateQueries({ queryKey: ['/api/students'] });
      }
    };
    return [
      ...BASE_COLUMNS,
      {
        id: 'actions',
        header: 'Actions',
        cell: ({ row }) => (
          <div className="btn-row">
            {mode !== 'delete' && (
              <Link className="btn btn--sm btn--outline" href={editStudentPath(row.original._id)}>
                Edit<span className="sr-only"> {row.original.name}</span>
              </Link>
            )}
            {mode !== 'edit' && (
              <button
                type="button"
                className="btn btn--sm btn--outline admin-btn--danger-outline"
                disabled={deleting === row.original._id}
                onClick={() => void remove(row.original)}
              >
                {deleting === row.original._id ? 'Deleting...' : 'Delete'}
                <span className="sr-only"> {row.original.name}</span>
              </button>
            )}
          </div>
        ),
      },
    ];
  }, [mode, confirm, queryClient, deleting]);

  const search = (event: FormEvent) => {
    event.preventDefault();
    setQ(typed.trim());
  };

  return (
    <section className="admin-panel">
      <PanelHeading title={TITLES[mode]}>
        <div className="btn-row">
          <Link className="btn btn--sm" href={PATHS.newStudent}>
            Add a student
          </Link>
          <Link className="btn btn--sm btn--outline" href={PATHS.importStudents}>
            Import students
          </Link>
        </div>
      </PanelHeading>
      {INSTRUCTIONS[mode] && <p className="admin-box admin-box--info">{INSTRUCTIONS[mode]}</p>}
      {mode === 'all' && (
        <p>
          To change or remove a student, use the <Link href={PATHS.studentList}>Student list</Link>.
        </p>
      )}

      <form className="admin-search" role="search" onSubmit={search}>
        <div className="form-field">
          <label htmlFor={`${id}-q`}>Search by name or e-mail</label>
          <input id={`${id}-q`} type="search" value={typed} onChange={(event) => setTyped(event.target.value)} />
        </div>
        <button type="submit" className="btn">
          Search
        </button>
        {q && (
          <button
            type="button"
            className="btn btn--outline"
            onClick={() => {
              setTyped('');
              setQ('');
            }}
          >
            Show all
          </button>
        )}
      </form>

      {list.isPending ? (
        <p role="status">Loading students...</p>
      ) : list.isError ? (
        <div role="alert">
          <p className="form-error">{messageOf(list.error, 'The students could not be loaded.')}</p>
          <button type="button" className="btn btn--sm btn--outline" onClick={() => void list.refetch()}>
            Try again
          </button>
        </div>
      ) : rows.length === 0 ? (
        <p role="status">{q ? `No student matches “${q}”.` : 'No students registered yet.'}</p>
      ) : (
        <>
          <DataTable
            caption={q ? `Students matching “${q}” (${rows.length}${list.hasNextPage ? '+' : ''})` : `Students (${rows.length}${list.hasNextPage ? '+' : ''})`}
            label="Students table"
            columns={columns}
            data={rows}
          />
          <LoadMore list={list} />
        </>
      )}
    </section>
  );
}

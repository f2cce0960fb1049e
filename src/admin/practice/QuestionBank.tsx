/**
 * Question bank (/educater/questions, Owner and Teacher): the questions, newest first, searched by
 * words in English or Hindi (Devanagari) and filtered by course, chapter and difficulty, 50 at a
 * time; sample questions carry a "Sample" label. "Add a question" and each question's "Edit" open
 * the form (QuestionForm): an edit of its words adds a version, attempts keep theirs. "Archive" or
 * "Delete": a question a test or an attempt has is archived, one never used is deleted.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useId, useState } from 'react';
import { Link } from 'wouter';
import { Field } from '../../components/islands/form-field';
import { DIFFICULTIES, DIFFICULTY_LABELS, type Chapter, type Question, type QuestionRow } from '../../lib/schemas/practice-questions';
import { api, messageOf } from '../api';
import { PATHS } from '../routes';
import { useConfirm } from '../ui/ConfirmDialog';
import PanelHeading from '../ui/PanelHeading';
import { usePaged } from '../ui/use-paged';
import QuestionForm from './QuestionForm';

const QUESTIONS = '/api/admin/practice/questions';
const CHAPTERS = '/api/admin/practice/chapters';

type Editing = { at: 'list' } | { at: 'new' } | { at: 'edit'; question: Question };

export default function QuestionBank() {
  const id = useId();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const [editing, setEditing] = useState<Editing>({ at: 'list' });
  const [notice, setNotice] = useState<{ text: string; bad?: boolean | undefined } | null>(null);
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState({ course: '', chapter: '', difficulty: '', archived: 'no' });
  const q = useDeferredValue(search.trim());
  const courses = useQuery({ queryKey: [CHAPTERS], queryFn: () => api<{ courses: { id: string; title: string }[] }>(CHAPTERS) });
  const chapters = useQuery({
    queryKey: [CHAPTERS, filter.course],
    queryFn: () => api<{ chapters: Chapter[] }>(`${CHAPTERS}?course=${encodeURIComponent(filter.course)}`),
    enabled: Boolean(filter.course),
  });
  const { rows, list } = usePaged<QuestionRow>(QUESTIONS, { ...filter, ...(q && { q }) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: [QUESTIONS] });

  const open = async (row: QuestionRow) => {
    try {
      setEditing({ at: 'edit', question: await api<Question>(`${QUESTIONS}/${row.id}`) });
    } catch (error) {
      setNotice({ text: messageOf(error, 'The question could not be opened. Please try again.'), bad: true });
    }
  };
  const shelve = async (row: QuestionRow) => {
    if (
      !(await confirm(
        `Remove question #${row.id} from the bank? If a test or an attempt has it, it is archived (results stay as they were); otherwise it is deleted.`,
        'Remove',
      ))
    )
      return;
    try {
      const current = await api<Question>(`${QUESTIONS}/${row.id}`);
      const { message } = await api<{ message: string }>(`${QUESTIONS}/${row.id}?version=${current.version}`, { method: 'DELETE' });
      setNotice({ text: message });
      void refresh();
    } catch (error) {
      setNotice({ text: messageOf(error, 'The question could not be removed. Please try again.'), bad: true });
    }
  };
  const restore = async (row: QuestionRow) => {
    try {
      const current = await api<Question>(`${QUESTIONS}/${row.id}`);
      const { message } = await api<{ message: string }>(`${QUESTIONS}/${row.id}`, { method: 'PATCH', body: { restore: true, version: current.version } });
      setNotice({ text: message });
      void refresh();
    } catch (error) {
      setNotice({ text: messageOf(error, 'The question could not be put back. Please try again.'), bad: true });
    }
  };

  if (editing.at !== 'list')
    return (
      <QuestionForm
        question={editing.at === 'edit' ? editing.question : null}
        courses={courses.data?.courses ?? []}
        defaults={{ courseId: filter.course, chapterId: filter.chapter }}
        onClose={(message) => {
          setEditing({ at: 'list' });
          if (message) {
            setNotice({ text: message });
            void refresh();
          }
        }}
      />
    );

  return (
    <section className="admin-panel">
      <PanelHeading title="Question bank">
        <span className="btn-row">
          <button type="button" className="btn btn--sm" onClick={() => setEditing({ at: 'new' })}>
            Add a question
          </button>
          <Link className="btn btn--sm btn--outline" href={PATHS.importQuestions}>
            Import questions
          </Link>
          <Link className="btn btn--sm btn--outline" href={PATHS.educatorCourse}>
            Chapters
          </Link>
        </span>
      </PanelHeading>

      <form className="admin-form admin-form--inline" role="search" aria-label="Questions" onSubmit={(e) => e.preventDefault()}>
        <div className="admin-form__grid">
          <Field id={`${id}-q`} label="Search" hint="Words of the question, in English or Hindi">
            {(aria) => <input {...aria} type="search" value={search} onChange={(e) => setSearch(e.target.value)} />}
          </Field>
          <Field id={`${id}-course`} label="Course">
            {(aria) => (
              <select {...aria} value={filter.course} onChange={(e) => setFilter({ ...filter, course: e.target.value, chapter: '' })}>
                <option value="">Every course</option>
                {courses.data?.courses.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.title}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field id={`${id}-chapter`} label="Chapter">
            {(aria) => (
              <select {...aria} value={filter.chapter} disabled={!filter.course} onChange={(e) => setFilter({ ...filter, chapter: e.target.value })}>
                <option value="">{filter.course ? 'Every chapter' : 'Choose a course first'}</option>
                {chapters.data?.chapters.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.titleEn}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field id={`${id}-difficulty`} label="Difficulty">
            {(aria) => (
              <select {...aria} value={filter.difficulty} onChange={(e) => setFilter({ ...filter, difficulty: e.target.value })}>
                <option value="">Any</option>
                {DIFFICULTIES.map((d) => (
                  <option key={d} value={d}>
                    {DIFFICULTY_LABELS[d]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field id={`${id}-archived`} label="Show">
            {(aria) => (
              <select {...aria} value={filter.archived} onChange={(e) => setFilter({ ...filter, archived: e.target.value })}>
                <option value="no">Questions in the bank</option>
                <option value="yes">Archived questions</option>
              </select>
            )}
          </Field>
        </div>
      </form>

      <div aria-live="polite">
        {notice && (
          <p className={notice.bad ? 'form-error' : 'admin-box admin-box--info'} role={notice.bad ? 'alert' : 'status'}>
            {notice.text}
          </p>
        )}
      </div>

      {list.isPending && <p role="status">Loading the questions…</p>}
      {list.isError && <p role="alert">{messageOf(list.error, 'The questions could not be loaded. Please reload the page.')}</p>}
      {list.isSuccess && rows.length === 0 && (
        <p>{q || filter.course || filter.difficulty ? 'No question matches.' : 'No questions yet: add one, or import a file.'}</p>
      )}
      <ul className="admin-list" aria-label="Questions">
        {rows.map((row) => (
          <li key={row.id} className="admin-list__item">
            <div className="admin-list__text">
              <strong>
                #{row.id} {row.textEn}
              </strong>{' '}
              {row.sample && <span className="admin-badge">Sample</span>} {row.archived && <span className="admin-badge admin-badge--muted">Archived</span>}
              <span className="admin-list__note" lang="hi">
                {row.textHi}
              </span>
              <span className="admin-list__note">
                {row.course} · {row.chapter} · {DIFFICULTY_LABELS[row.difficulty]} · {row.options} options{row.picture ? ' · picture' : ''}
                {row.currentVersion > 1 ? ` · version ${row.currentVersion}` : ''}
              </span>
            </div>
            <span className="btn-row">
              <button type="button" className="btn btn--sm btn--outline" onClick={() => void open(row)}>
                Edit<span className="sr-only"> question #{row.id}</span>
              </button>
              {row.archived ? (
                <button type="button" className="btn btn--sm btn--outline" onClick={() => void restore(row)}>
                  Put back<span className="sr-only"> question #{row.id}</span>
                </button>
              ) : (
                <button type="button" className="btn btn--sm btn--outline" onClick={() => void shelve(row)}>
                  Remove<span className="sr-only"> question #{row.id}</span>
                </button>
              )}
            </span>
          </li>
        ))}
      </ul>
      {list.hasNextPage && (
        <button type="button" className="btn btn--outline" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
          {list.isFetchingNextPage ? 'Loading…' : 'Load more'}
        </button>
      )}
    </section>
  );
}

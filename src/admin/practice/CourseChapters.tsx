/**
 * Add a Course (/educater/add-Course, Owner and Teacher): a course's online part — its chapters,
 * which questions and tests use. Choose a course; its chapters are listed in order with how many
 * questions each has; add one (English and Hindi titles), rename it, move it up or down, or delete
 * it (refused in words while questions or tests use it). GET/POST /api/admin/practice/chapters,
 * PATCH/DELETE /api/admin/practice/chapters/{id}.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { Field } from '../../components/islands/form-field';
import { ChapterCreateSchema, type Chapter } from '../../lib/schemas/practice-questions';
import { fieldErrorsOf } from '../../lib/schemas/field-errors';
import { api, ApiError, messageOf } from '../api';
import { PATHS } from '../routes';
import { useConfirm } from '../ui/ConfirmDialog';
import PanelHeading from '../ui/PanelHeading';

const CHAPTERS = '/api/admin/practice/chapters';

/** A course as the chooser lists it. */
interface CourseCount {
  id: string;
  title: string;
  chapters: number;
  questions: number;
}

const errorsOf = (error: unknown): Record<string, string> =>
  error instanceof ApiError && error.data['errors'] && typeof error.data['errors'] === 'object' ? (error.data['errors'] as Record<string, string>) : {};

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export default function CourseChapters() {
  const id = useId();
  const queryClient = useQueryClient();
  const [courseId, setCourseId] = useState(() => new URLSearchParams(location.search).get('course') ?? '');
  const [notice, setNotice] = useState<{ text: string; bad?: boolean | undefined } | null>(null);
  const courses = useQuery({ queryKey: [CHAPTERS], queryFn: () => api<{ courses: CourseCount[] }>(CHAPTERS) });
  const chapters = useQuery({
    queryKey: [CHAPTERS, courseId],
    queryFn: () => api<{ course: { id: string; title: string }; chapters: Chapter[] }>(`${CHAPTERS}?course=${encodeURIComponent(courseId)}`),
    enabled: Boolean(courseId),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: [CHAPTERS] });

  const choose = (value: string) => {
    setCourseId(value);
    setNotice(null);
    const url = new URL(location.href);
    if (value) url.searchParams.set('course', value);
    else url.searchParams.delete('course');
    history.replaceState(history.state, '', url);
  };

  return (
    <section className="admin-panel">
      <PanelHeading title="Add a Course">
        <Link className="btn btn--sm btn--outline" href={PATHS.questions}>
          Question bank
        </Link>
      </PanelHeading>
      <p>A course’s online part: its chapters, which questions and tests use. Lessons and subscriptions will come later on the same course.</p>

      <div className="admin-form admin-form--inline">
        <Field id={`${id}-course`} label="Course">
          {(aria) => (
            <select {...aria} value={courseId} onChange={(e) => choose(e.target.value)}>
              <option value="">Choose a course</option>
              {courses.data?.courses.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.title} ({count(c.chapters, 'chapter')}, {count(c.questions, 'question')})
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      {courses.isError && <p role="alert">{messageOf(courses.error, 'The courses could not be loaded. Please reload the page.')}</p>}

      <div aria-live="polite">
        {notice && (
          <p className={notice.bad ? 'form-error' : 'admin-box admin-box--info'} role={notice.bad ? 'alert' : 'status'}>
            {notice.text}
          </p>
        )}
      </div>

      {courseId && chapters.isPending && <p role="status">Loading the chapters…</p>}
      {chapters.isError && <p role="alert">{messageOf(chapters.error, 'The chapters could not be loaded. Please reload the page.')}</p>}
      {courseId && chapters.data && (
        <>
          <h2 className="admin-subheading">Chapters of {chapters.data.course.title}</h2>
          {chapters.data.chapters.length === 0 ? (
            <p>No chapters yet. Add the first one below.</p>
          ) : (
            <ol className="admin-list">
              {chapters.data.chapters.map((chapter, index) => (
                <ChapterItem
                  key={chapter.id}
                  chapter={chapter}
                  first={index === 0}
                  last={index === chapters.data.chapters.length - 1}
                  onDone={(text, bad) => {
                    setNotice({ text, bad });
                    void refresh();
                  }}
                />
              ))}
            </ol>
          )}
          <AddChapter
            courseId={courseId}
            onAdded={(text) => {
              setNotice({ text });
              void refresh();
            }}
          />
        </>
      )}
    </section>
  );
}

/** One chapter: its titles and counts, Rename, Up, Down and Delete. */
function ChapterItem({ chapter, first, last, onDone }: { chapter: Chapter; first: boolean; last: boolean; onDone: (text: string, bad?: boolean) => void }) {
  const id = useId();
  const confirm = useConfirm();
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [titles, setTitles] = useState({ titleEn: chapter.titleEn, titleHi: chapter.titleHi });
  const [errors, setErrors] = useState<Record<string, string>>({});

  const act = async (work: () => Promise<{ message: string }>) => {
    setBusy(true);
    try {
      onDone((await work()).message);
      return true;
    } catch (error) {
      setErrors(errorsOf(error));
      onDone(messageOf(error, 'The chapter could not be changed. Please try again.'), true);
      return false;
    } finally {
      setBusy(false);
    }
  };
  const move = (to: 'up' | 'down') => act(() => api(`${CHAPTERS}/${chapter.id}`, { method: 'PATCH', body: { move: to, version: chapter.version } }));
  const remove = async () => {
    if (!(await confirm(`Delete the chapter “${chapter.titleEn}”?`, 'Delete'))) return;
    await act(() => api(`${CHAPTERS}/${chapter.id}?version=${chapter.version}`, { method: 'DELETE' }));
  };
  const rename = async (event: FormEvent) => {
    event.preventDefault();
    if (await act(() => api(`${CHAPTERS}/${chapter.id}`, { method: 'PATCH', body: { ...titles, version: chapter.version } }))) setEditing(false);
  };

  return (
    <li className="admin-list__item">
      {editing ? (
        <form className="admin-form" noValidate onSubmit={(e) => void rename(e)} aria-label={`Rename ${chapter.titleEn}`}>
          <Field id={`${id}-en`} label="Title in English" error={errors['titleEn']} required>
            {(aria) => <input {...aria} type="text" value={titles.titleEn} onChange={(e) => setTitles({ ...titles, titleEn: e.target.value })} />}
          </Field>
          <Field id={`${id}-hi`} label="Title in Hindi" error={errors['titleHi']} required>
            {(aria) => <input {...aria} type="text" lang="hi" value={titles.titleHi} onChange={(e) => setTitles({ ...titles, titleHi: e.target.value })} />}
          </Field>
          <div className="btn-row">
            <button type="submit" className="btn btn--sm" disabled={busy}>
              Save
            </button>
            <button type="button" className="btn btn--sm btn--outline" onClick={() => setEditing(false)}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <>
          <span className="admin-list__text">
            <strong>{chapter.titleEn}</strong> <span lang="hi">{chapter.titleHi}</span>
            <span className="admin-list__note">
              {count(chapter.questions, 'question')}
              {chapter.archived ? `, ${chapter.archived} archived` : ''}
              {chapter.tests ? `, used by ${count(chapter.tests, 'test')}` : ''}
            </span>
          </span>
          <span className="btn-row">
            <button type="button" className="btn btn--sm btn--outline" onClick={() => setEditing(true)}>
              Rename<span className="sr-only"> {chapter.titleEn}</span>
            </button>
            <button type="button" className="btn btn--sm btn--outline" disabled={busy || first} onClick={() => void move('up')}>
              Up<span className="sr-only">: move {chapter.titleEn} up</span>
            </button>
            <button type="button" className="btn btn--sm btn--outline" disabled={busy || last} onClick={() => void move('down')}>
              Down<span className="sr-only">: move {chapter.titleEn} down</span>
            </button>
            <button type="button" className="btn btn--sm btn--outline" disabled={busy} onClick={() => void remove()}>
              Delete<span className="sr-only"> {chapter.titleEn}</span>
            </button>
          </span>
        </>
      )}
    </li>
  );
}

/** The form adding a chapter at the end of the list. */
function AddChapter({ courseId, onAdded }: { courseId: string; onAdded: (text: string) => void }) {
  const id = useId();
  const [titles, setTitles] = useState({ titleEn: '', titleHi: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const add = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = ChapterCreateSchema.safeParse({ courseId, ...titles });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error.issues));
      return;
    }
    setBusy(true);
    try {
      const { message } = await api<{ message: string }>(CHAPTERS, { body: parsed.data });
      setTitles({ titleEn: '', titleHi: '' });
      setErrors({});
      onAdded(message);
    } catch (error) {
      setErrors({ titleEn: messageOf(error, 'The chapter could not be added. Please try again.'), ...errorsOf(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="admin-form" noValidate onSubmit={(e) => void add(e)} aria-labelledby={`${id}-heading`}>
      <h2 className="admin-subheading" id={`${id}-heading`}>
        Add a chapter
      </h2>
      <div className="admin-form__grid">
        <Field id={`${id}-en`} label="Title in English" hint="e.g. Computer basics" error={errors['titleEn']} required>
          {(aria) => (
            <input {...aria} type="text" autoComplete="off" value={titles.titleEn} onChange={(e) => setTitles({ ...titles, titleEn: e.target.value })} />
          )}
        </Field>
        <Field id={`${id}-hi`} label="Title in Hindi" hint="e.g. कंप्यूटर की बुनियादी बातें" error={errors['titleHi']} required>
          {(aria) => (
            <input
              {...aria}
              type="text"
              lang="hi"
              autoComplete="off"
              value={titles.titleHi}
              onChange={(e) => setTitles({ ...titles, titleHi: e.target.value })}
            />
          )}
        </Field>
      </div>
      <div className="btn-row">
        <button type="submit" className="btn" disabled={busy}>
          {busy ? 'Adding…' : 'Add the chapter'}
        </button>
      </div>
    </form>
  );
}

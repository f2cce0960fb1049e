/**
 * A practice test's form (new: POST /api/admin/practice/tests; existing: PATCH …/tests/{id} with
 * its version): the course, a ready-made pattern in one tap, the titles in both languages, the
 * rules of a drawn test (chapter, difficulty or any, count) or a fixed paper picked from the
 * course's bank, marks as staff type them ("2", "0.25"), duration, pass marks, attempts and the
 * review. Checked with the shared schema; the server's refusals (a bank too small for a rule) show
 * beside their fields.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast/headless';
import { Link, useLocation } from 'wouter';
import { Field } from '../../components/islands/form-field';
import type { Course } from '../../lib/schemas/course';
import { DIFFICULTIES, DIFFICULTY_LABELS, PATTERNS, type Difficulty, type PracticeTest, type TestBank } from '../../lib/schemas/practice-tests';
import { api, ApiError, listQuery, messageOf } from '../api';
import { practiceTestPath, PATHS } from '../routes';
import { useFocusFirstError } from '../ui/field-errors';
import { chapterSize, nextKey, requestOf, totalInWords, valuesOf, withPattern, type DrawValues, type TestValues } from './test-form';

type PatternKey = keyof typeof PATTERNS;

export default function TestEditor({ test, courseId }: { test?: PracticeTest | undefined; courseId?: string | undefined }) {
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [values, setValues] = useState<TestValues>(() => valuesOf(test, courseId));
  const [version, setVersion] = useState(test?.version ?? 0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [chapterForTest, setChapterForTest] = useState('');
  useFocusFirstError(form, errors);
  const locked = Boolean(test?.archivedAt);

  const courses = useQuery({ queryKey: ['/api/courses', 'titles'], queryFn: () => api<Course[]>(`/api/courses${listQuery({ limit: 100 })}`), enabled: !test });
  const bank = useQuery({
    queryKey: ['/api/admin/practice/test-bank', values.courseId],
    queryFn: () => api<TestBank>(`/api/admin/practice/test-bank${listQuery({ course: values.courseId })}`),
    enabled: Boolean(values.courseId),
  });
  const chapters = bank.data?.chapters ?? [];

  const set = (name: keyof TestValues) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: event.target.value }));
  const setDraw = (key: number, change: Partial<DrawValues>) =>
    setValues((v) => ({ ...v, draws: v.draws.map((d) => (d.key === key ? { ...d, ...change } : d)) }));
  const applyPattern = (key: PatternKey) => {
    setValues((v) => withPattern(v, key, bank.data, chapterForTest));
    setErrors({});
    toast.success(`Filled in as a ${PATTERNS[key].label}: ${PATTERNS[key].summary}. You can change anything before saving.`);
  };
  const toggleQuestion = (question: string) =>
    setValues((v) => ({ ...v, questionIds: v.questionIds.includes(question) ? v.questionIds.filter((q) => q !== question) : [...v.questionIds, question] }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { data, errors: found } = requestOf(values);
    if (!data) {
      setErrors(found);
      toast.error('Please check the highlighted fields and try again.');
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const answer = test
        ? await api<{ message: string; test: PracticeTest }>(`/api/admin/practice/tests/${encodeURIComponent(test.id)}`, {
            method: 'PATCH',
            body: { ...data, version },
          })
        : await api<{ message: string; test: PracticeTest }>('/api/admin/practice/tests', { body: data });
      toast.success(answer.message);
      await queryClient.invalidateQueries({ queryKey: ['practice'] });
      if (test) {
        queryClient.setQueryData(['practice', 'test', test.id], answer.test);
        setVersion(answer.test.version);
      } else navigate(practiceTestPath(answer.test.id));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const current = error.data.current as PracticeTest | undefined;
      if (error.status === 409 && current) {
        setVersion(current.version);
        setValues(valuesOf(current));
      }
      setErrors((error.data.errors as Record<string, string> | undefined) ?? {});
      toast.error(messageOf(error, 'The test could not be saved. Please try again.'));
    } finally {
      setSaving(false);
    }
  };

  const err = (name: string) => errors[name];
  const chapterLabel = (c: TestBank['chapters'][number]) => `${c.title} (${chapterSize(c)}: ${c.easy} easy, ${c.medium} medium, ${c.hard} hard)`;

  return (
    <form ref={form} className="admin-form practice-form" noValidate onSubmit={(e) => void submit(e)} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="admin-subheading">
        {test ? 'The test' : 'New test'}
      </h2>
      {test ? (
        <p>
          Course: <strong>{test.course}</strong>
          {test.attempts > 0 && ` · ${test.attempts} attempt${test.attempts === 1 ? '' : 's'} made: a change applies to attempts started after it.`}
        </p>
      ) : (
        <Field id={`${id}-course`} label="Course" error={err('courseId')} required>
          {(aria) => (
            <select {...aria} value={values.courseId} onChange={(e) => setValues((v) => ({ ...v, courseId: e.target.value, draws: [], questionIds: [] }))}>
              <option value="">Choose a course</option>
              {courses.data?.map((c) => (
                <option key={c._id} value={c._id}>
                  {c.title}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      {values.courseId && bank.isSuccess && chapters.length === 0 && (
        <p className="admin-box admin-box--warning">
          This course has no chapters yet: add them on <Link href={PATHS.educatorCourse}>Add a Course</Link>, then questions in the{' '}
          <Link href={PATHS.questions}>Question bank</Link>. A test draws its questions from chapters.
        </p>
      )}

      {!locked && (
        <fieldset className="practice-patterns">
          <legend>Start from a pattern (one tap fills the form)</legend>
          {chapters.length > 0 && (
            <Field id={`${id}-pattern-chapter`} label="Chapter for a chapter test" hint="Used by the Chapter test pattern">
              {(aria) => (
                <select {...aria} value={chapterForTest} onChange={(e) => setChapterForTest(e.target.value)}>
                  <option value="">The chapter with the most questions</option>
                  {chapters.map((c) => (
                    <option key={c.id} value={c.id}>
                      {chapterLabel(c)}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          )}
          <div className="practice-patterns__buttons">
            {(Object.keys(PATTERNS) as PatternKey[]).map((key) => (
              <button key={key} type="button" className="btn btn--sm btn--outline" disabled={!values.courseId} onClick={() => applyPattern(key)}>
                {PATTERNS[key].label}: {PATTERNS[key].summary}
              </button>
            ))}
          </div>
          {!values.courseId && <p className="form-hint">Choose the course first: a pattern spreads its questions over the course’s chapters.</p>}
        </fieldset>
      )}

      <fieldset disabled={locked} className="practice-form__body">
        <legend className="sr-only">The test’s details</legend>
        <div className="admin-form__grid">
          <Field id={`${id}-title-en`} label="Title in English" error={err('title.en')} required>
            {(aria) => <input {...aria} type="text" autoComplete="off" value={values.titleEn} onChange={set('titleEn')} />}
          </Field>
          <Field id={`${id}-title-hi`} label="Title in Hindi" error={err('title.hi')} required>
            {(aria) => <input {...aria} type="text" lang="hi" autoComplete="off" value={values.titleHi} onChange={set('titleHi')} />}
          </Field>
        </div>

        <fieldset className="practice-kind">
          <legend>How the questions are chosen</legend>
          <label className="admin-check">
            <input type="radio" name={`${id}-kind`} checked={values.kind === 'drawn'} onChange={() => setValues((v) => ({ ...v, kind: 'drawn' }))} /> Drawn from
            chapters: each attempt its own questions and order
          </label>
          <label className="admin-check">
            <input type="radio" name={`${id}-kind`} checked={values.kind === 'fixed'} onChange={() => setValues((v) => ({ ...v, kind: 'fixed' }))} /> A fixed
            paper: the questions I pick, in order
          </label>
        </fieldset>

        {values.kind === 'drawn' ? (
          <fieldset className="practice-draws" aria-describedby={err('draws') ? `${id}-draws-error` : undefined}>
            <legend>Chapters to draw from</legend>
            {values.draws.length === 0 && <p className="form-hint">No chapter yet: add one, or start from a pattern above.</p>}
            <ol className="admin-list">
              {values.draws.map((d, i) => (
                <li key={d.key} className="admin-list__item practice-draw">
                  <Field id={`${id}-draw-${d.key}-chapter`} label={`Chapter of rule ${i + 1}`} error={err(`draws.${i}.chapterId`)} required>
                    {(aria) => (
                      <select {...aria} value={d.chapterId} onChange={(e) => setDraw(d.key, { chapterId: e.target.value })}>
                        <option value="">Choose a chapter</option>
                        {chapters.map((c) => (
                          <option key={c.id} value={c.id}>
                            {chapterLabel(c)}
                          </option>
                        ))}
                      </select>
                    )}
                  </Field>
                  <Field id={`${id}-draw-${d.key}-difficulty`} label={`Difficulty of rule ${i + 1}`} error={err(`draws.${i}.difficulty`)}>
                    {(aria) => (
                      <select {...aria} value={d.difficulty} onChange={(e) => setDraw(d.key, { difficulty: e.target.value as Difficulty | '' })}>
                        <option value="">Any</option>
                        {DIFFICULTIES.map((level) => (
                          <option key={level} value={level}>
                            {DIFFICULTY_LABELS[level]}
                          </option>
                        ))}
                      </select>
                    )}
                  </Field>
                  <Field id={`${id}-draw-${d.key}-count`} label={`Questions of rule ${i + 1}`} error={err(`draws.${i}.count`)} required>
                    {(aria) => (
                      <input
                        {...aria}
                        type="number"
                        inputMode="numeric"
                        min={1}
                        max={200}
                        value={d.count}
                        onChange={(e) => setDraw(d.key, { count: e.target.value })}
                      />
                    )}
                  </Field>
                  <button
                    type="button"
                    className="btn btn--sm btn--outline"
                    onClick={() => setValues((v) => ({ ...v, draws: v.draws.filter((x) => x.key !== d.key) }))}
                  >
                    Remove<span className="sr-only"> rule {i + 1}</span>
                  </button>
                </li>
              ))}
            </ol>
            {err('draws') && (
              <p id={`${id}-draws-error`} className="form-error">
                {err('draws')}
              </p>
            )}
            <button
              type="button"
              className="btn btn--sm btn--outline"
              disabled={chapters.length === 0}
              onClick={() =>
                setValues((v) => ({ ...v, draws: [...v.draws, { key: nextKey(), chapterId: chapters[0]?.id ?? '', difficulty: '', count: '10' }] }))
              }
            >
              Add a chapter
            </button>
          </fieldset>
        ) : (
          <fieldset className="practice-paper" aria-describedby={err('questionIds') ? `${id}-paper-error` : undefined}>
            <legend>The paper’s questions ({values.questionIds.length} picked, in the order ticked)</legend>
            {(bank.data?.questions.length ?? 0) === 0 && <p className="form-hint">The course’s bank has no questions yet.</p>}
            <ul className="practice-paper__list">
              {bank.data?.questions.map((q) => {
                const place = values.questionIds.indexOf(q.id);
                return (
                  <li key={q.id}>
                    <label className="admin-check">
                      <input type="checkbox" checked={place >= 0} onChange={() => toggleQuestion(q.id)} />
                      {place >= 0 ? `${place + 1}. ` : ''}
                      {q.text}{' '}
                      <span className="admin-list__note">
                        {DIFFICULTY_LABELS[q.difficulty]} · {chapters.find((c) => c.id === q.chapterId)?.title}
                      </span>
                    </label>
                  </li>
                );
              })}
            </ul>
            {err('questionIds') && (
              <p id={`${id}-paper-error`} className="form-error">
                {err('questionIds')}
              </p>
            )}
          </fieldset>
        )}

        <p className="admin-note" aria-live="polite">
          {totalInWords(values)}
        </p>
        <div className="admin-form__grid">
          <Field id={`${id}-duration`} label="Duration (minutes)" error={err('durationMinutes')} required>
            {(aria) => <input {...aria} type="number" inputMode="numeric" min={1} max={300} value={values.durationMinutes} onChange={set('durationMinutes')} />}
          </Field>
          <Field id={`${id}-marks`} label="Marks per question" hint="e.g. 1, 2 or 0.5" error={err('marksPerQuestion')} required>
            {(aria) => (
              <input {...aria} type="text" inputMode="decimal" autoComplete="off" value={values.marksPerQuestion} onChange={set('marksPerQuestion')} />
            )}
          </Field>
          <Field
            id={`${id}-negative`}
            label="Negative marks for a wrong answer"
            hint="0 for none (CCC and RS-CIT have none); e.g. 0.25"
            error={err('negativeMarks')}
          >
            {(aria) => <input {...aria} type="text" inputMode="decimal" autoComplete="off" value={values.negativeMarks} onChange={set('negativeMarks')} />}
          </Field>
          <Field id={`${id}-pass`} label="Pass marks" hint="Marks needed to pass, e.g. 28" error={err('passMarks')} required>
            {(aria) => <input {...aria} type="text" inputMode="decimal" autoComplete="off" value={values.passMarks} onChange={set('passMarks')} />}
          </Field>
          <Field id={`${id}-attempts`} label="Attempts allowed" error={err('attemptsAllowed')} required>
            {(aria) => <input {...aria} type="number" inputMode="numeric" min={1} max={50} value={values.attemptsAllowed} onChange={set('attemptsAllowed')} />}
          </Field>
        </div>
        <label className="admin-check">
          <input type="checkbox" checked={values.showAnswers} onChange={(e) => setValues((v) => ({ ...v, showAnswers: e.target.checked }))} /> Show the right
          answers and explanations after submitting
        </label>
        {!locked && (
          <div className="btn-row">
            <button type="submit" className="btn" disabled={saving}>
              {saving ? 'Please wait...' : 'Save the test'}
            </button>
          </div>
        )}
      </fieldset>
    </form>
  );
}

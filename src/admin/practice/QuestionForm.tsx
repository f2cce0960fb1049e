/**
 * A question of the bank, added or edited (the Question bank screen): the course and chapter, the
 * difficulty, the question in English and Hindi side by side, 2 to 6 options each in both
 * languages with the right one(s) ticked, the explanation in both, "keep the options in this
 * order" and an optional picture (shrunk here, then judged by its bytes and kept by POST
 * /api/admin/practice/question-pictures). Checked by QuestionFieldsSchema here and again by the
 * function; an edit of the words after students answered saves a new version.
 */
import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Field } from '../../components/islands/form-field';
import { useFocusFirstError } from '../ui/field-errors';
import {
  DIFFICULTIES,
  DIFFICULTY_LABELS,
  MAX_OPTIONS,
  MIN_OPTIONS,
  QuestionFieldsSchema,
  questionPicturePath,
  type Chapter,
  type Difficulty,
  type Question,
} from '../../lib/schemas/practice-questions';
import { PICTURE_TYPES, PICTURE_TYPE_MESSAGE } from '../../lib/schemas/course-picture';
import { fieldErrorsOf } from '../../lib/schemas/field-errors';
import { api, ApiError, messageOf } from '../api';
import { shrinkPicture } from '../shrink-image';
import PanelHeading from '../ui/PanelHeading';

const CHAPTERS = '/api/admin/practice/chapters';

interface Values {
  courseId: string;
  chapterId: string;
  difficulty: Difficulty;
  textEn: string;
  textHi: string;
  options: { en: string; hi: string }[];
  correct: number[];
  explanationEn: string;
  explanationHi: string;
  keepOrder: boolean;
  picture: string | null;
}

const valuesOf = (q: Question | null, defaults: { courseId: string; chapterId: string }): Values =>
  q
    ? {
        courseId: q.courseId,
        chapterId: q.chapterId,
        difficulty: q.difficulty,
        textEn: q.textEn,
        textHi: q.textHi,
        options: q.options.map((o) => ({ ...o })),
        correct: [...q.correct],
        explanationEn: q.explanationEn,
        explanationHi: q.explanationHi,
        keepOrder: q.keepOrder,
        picture: q.picture,
      }
    : {
        ...defaults,
        difficulty: 'medium',
        textEn: '',
        textHi: '',
        options: [
          { en: '', hi: '' },
          { en: '', hi: '' },
          { en: '', hi: '' },
          { en: '', hi: '' },
        ],
        correct: [],
        explanationEn: '',
        explanationHi: '',
        keepOrder: false,
        picture: null,
      };

/** Shrinks and uploads a picture; answers its name. */
async function uploadPicture(file: File): Promise<string> {
  const small = await shrinkPicture(file);
  const form = new FormData();
  form.set('picture', small, 'picture.jpg');
  let res: Response;
  try {
    res = await fetch('/api/admin/practice/question-pictures', { method: 'POST', body: form, credentials: 'same-origin' });
  } catch {
    throw new Error('The picture could not be uploaded: the connection failed. Please try again.');
  }
  const body = (await res.json().catch(() => ({}))) as { picture?: string; message?: string };
  if (!res.ok || !body.picture) throw new Error(body.message ?? 'The picture could not be uploaded. Please try again.');
  return body.picture;
}

export default function QuestionForm({
  question,
  courses,
  defaults,
  onClose,
}: {
  question: Question | null;
  courses: { id: string; title: string }[];
  defaults: { courseId: string; chapterId: string };
  onClose: (message?: string) => void;
}) {
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Values>(() => valuesOf(question, defaults));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState('');
  const [saving, setSaving] = useState(false);
  const [pictureStage, setPictureStage] = useState('');
  useFocusFirstError(form, errors);
  const chapters = useQuery({
    queryKey: [CHAPTERS, values.courseId],
    queryFn: () => api<{ chapters: Chapter[] }>(`${CHAPTERS}?course=${encodeURIComponent(values.courseId)}`),
    enabled: Boolean(values.courseId),
  });

  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));
  const setOption = (index: number, lang: 'en' | 'hi', text: string) =>
    setValues((v) => ({ ...v, options: v.options.map((o, i) => (i === index ? { ...o, [lang]: text } : o)) }));
  const toggleRight = (index: number) =>
    setValues((v) => ({ ...v, correct: v.correct.includes(index) ? v.correct.filter((c) => c !== index) : [...v.correct, index].sort((a, b) => a - b) }));
  const removeOption = (index: number) =>
    setValues((v) => ({
      ...v,
      options: v.options.filter((_, i) => i !== index),
      correct: v.correct.filter((c) => c !== index).map((c) => (c > index ? c - 1 : c)),
    }));

  const pick = async (file: File | undefined) => {
    if (!file) return;
    if (!(PICTURE_TYPES as readonly string[]).includes(file.type)) {
      setErrors({ picture: PICTURE_TYPE_MESSAGE });
      return;
    }
    setPictureStage('Uploading the picture…');
    try {
      const name = await uploadPicture(file);
      set('picture', name);
      setErrors(({ picture: _, ...rest }) => rest);
    } catch (error) {
      setErrors({ picture: error instanceof Error ? error.message : 'The picture could not be uploaded. Please try again.' });
    } finally {
      setPictureStage('');
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure('');
    // Empty option rows at the end are left out (the form offers four to start with).
    const filled = values.options.map((o, i) => (o.en.trim() || o.hi.trim() || values.correct.includes(i) ? i : -1));
    const options = values.options.slice(0, Math.max(MIN_OPTIONS, Math.max(...filled) + 1));
    const parsed = QuestionFieldsSchema.safeParse({ ...values, options });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error.issues));
      setFailure('Please correct the marked fields.');
      return;
    }
    setSaving(true);
    try {
      const answer = question
        ? await api<{ message: string }>(`/api/admin/practice/questions/${question.id}`, {
            method: 'PATCH',
            body: { ...parsed.data, version: question.version },
          })
        : await api<{ message: string }>('/api/admin/practice/questions', { body: parsed.data });
      onClose(answer.message);
    } catch (error) {
      setErrors(error instanceof ApiError && error.data.errors ? error.data.errors : {});
      setFailure(messageOf(error, 'The question could not be saved. Please try again.'));
    } finally {
      setSaving(false);
    }
  };

  const title = question ? `Edit question #${question.id}` : 'Add a question';
  return (
    <section className="admin-panel">
      <PanelHeading title={title}>
        <button type="button" className="btn btn--sm btn--outline" onClick={() => onClose()}>
          Back to the bank
        </button>
      </PanelHeading>
      {question?.used && (
        <p className="admin-box admin-box--info">
          Students have answered this question. Changing its words, options, answer or picture saves a new version: their results stay as they were.
        </p>
      )}
      {question?.sample && <p className="admin-badge">Sample</p>}
      <form ref={form} className="admin-form" noValidate onSubmit={(e) => void submit(e)}>
        <div className="admin-form__grid">
          <Field id={`${id}-course`} label="Course" error={errors['courseId']} required>
            {(aria) => (
              <select {...aria} value={values.courseId} onChange={(e) => setValues((v) => ({ ...v, courseId: e.target.value, chapterId: '' }))}>
                <option value="">Choose a course</option>
                {courses.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.title}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field
            id={`${id}-chapter`}
            label="Chapter"
            error={errors['chapterId']}
            hint={values.courseId && chapters.data?.chapters.length === 0 ? 'This course has no chapters yet: add them on the Add a Course screen.' : undefined}
            required
          >
            {(aria) => (
              <select {...aria} value={values.chapterId} disabled={!values.courseId} onChange={(e) => set('chapterId', e.target.value)}>
                <option value="">{values.courseId ? 'Choose a chapter' : 'Choose a course first'}</option>
                {chapters.data?.chapters.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.titleEn} ({c.titleHi})
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field id={`${id}-difficulty`} label="Difficulty" error={errors['difficulty']} required>
            {(aria) => (
              <select {...aria} value={values.difficulty} onChange={(e) => set('difficulty', e.target.value as Difficulty)}>
                {DIFFICULTIES.map((d) => (
                  <option key={d} value={d}>
                    {DIFFICULTY_LABELS[d]}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>

        <div className="admin-form__grid">
          <Field id={`${id}-text-en`} label="Question in English" error={errors['textEn']} required>
            {(aria) => <textarea {...aria} rows={3} value={values.textEn} onChange={(e) => set('textEn', e.target.value)} />}
          </Field>
          <Field id={`${id}-text-hi`} label="Question in Hindi" error={errors['textHi']} required>
            {(aria) => <textarea {...aria} lang="hi" rows={3} value={values.textHi} onChange={(e) => set('textHi', e.target.value)} />}
          </Field>
        </div>

        <fieldset aria-describedby={errors['options'] || errors['correct'] ? `${id}-options-error` : undefined}>
          <legend>Options (tick the right one or ones)</legend>
          {values.options.map((option, index) => (
            <div key={index} className="admin-form__grid">
              <Field id={`${id}-o${index}-en`} label={`Option ${index + 1} in English`} error={errors[`options.${index}.en`]}>
                {(aria) => <input {...aria} type="text" value={option.en} onChange={(e) => setOption(index, 'en', e.target.value)} />}
              </Field>
              <Field id={`${id}-o${index}-hi`} label={`Option ${index + 1} in Hindi`} error={errors[`options.${index}.hi`]}>
                {(aria) => <input {...aria} type="text" lang="hi" value={option.hi} onChange={(e) => setOption(index, 'hi', e.target.value)} />}
              </Field>
              <span className="btn-row">
                <label className="admin-check">
                  <input type="checkbox" checked={values.correct.includes(index)} onChange={() => toggleRight(index)} /> Option {index + 1} is right
                </label>
                {values.options.length > MIN_OPTIONS && (
                  <button type="button" className="btn btn--sm btn--outline" onClick={() => removeOption(index)}>
                    Remove option {index + 1}
                  </button>
                )}
              </span>
            </div>
          ))}
          {(errors['options'] || errors['correct']) && (
            <p id={`${id}-options-error`} className="form-error">
              {errors['options'] ?? errors['correct']}
            </p>
          )}
          {values.options.length < MAX_OPTIONS && (
            <button type="button" className="btn btn--sm btn--outline" onClick={() => set('options', [...values.options, { en: '', hi: '' }])}>
              Add an option
            </button>
          )}
          <Field
            id={`${id}-keep`}
            as="checkbox"
            label="Keep the options in this order (e.g. for “All of the above”); otherwise each student sees them shuffled"
            inputProps={{ checked: values.keepOrder, onChange: (e) => set('keepOrder', e.target.checked) }}
          />
        </fieldset>

        <div className="admin-form__grid">
          <Field
            id={`${id}-ex-en`}
            label="Explanation in English"
            hint="Shown with the answer after the test, when the test allows it"
            error={errors['explanationEn']}
          >
            {(aria) => <textarea {...aria} rows={2} value={values.explanationEn} onChange={(e) => set('explanationEn', e.target.value)} />}
          </Field>
          <Field id={`${id}-ex-hi`} label="Explanation in Hindi" error={errors['explanationHi']}>
            {(aria) => <textarea {...aria} lang="hi" rows={2} value={values.explanationHi} onChange={(e) => set('explanationHi', e.target.value)} />}
          </Field>
        </div>

        <Field id={`${id}-picture`} label="Picture (optional: JPEG, PNG or WebP)" error={errors['picture']}>
          {(aria) => (
            <input {...aria} type="file" accept={PICTURE_TYPES.join(',')} disabled={Boolean(pictureStage)} onChange={(e) => void pick(e.target.files?.[0])} />
          )}
        </Field>
        <div aria-live="polite">{pictureStage && <p role="status">{pictureStage}</p>}</div>
        {values.picture && (
          <p>
            <img src={questionPicturePath(values.picture)} alt="Uploaded for this question" style={{ maxWidth: '100%', maxHeight: '12rem' }} />
            <br />
            <button type="button" className="btn btn--sm btn--outline" onClick={() => set('picture', null)}>
              Remove the picture
            </button>
          </p>
        )}

        {failure && (
          <p className="form-error" role="alert">
            {failure}
          </p>
        )}
        <div className="btn-row">
          <button type="submit" className="btn" disabled={saving || Boolean(pictureStage)}>
            {saving ? 'Saving…' : question ? 'Save the question' : 'Add the question'}
          </button>
          <button type="button" className="btn btn--outline" onClick={() => onClose()}>
            Cancel
          </button>
        </div>
      </form>
    </section>
  );
}

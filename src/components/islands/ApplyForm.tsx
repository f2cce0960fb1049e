/**
 * The application (lead) form, shared by the Apply Now dialog and the /apply page. The same zod
 * schema checks it here and in POST /api/apply. Every fill gets an Idempotency-Key, so a double
 * click or a retry is stored once (useSubmitForm). The courses staff published (GET /api/courses)
 * join the list under their category once they have loaded; until then, and if they cannot be
 * loaded, the departments of content/departments.json are offered.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { visitAttribution } from '../../lib/visit-attribution';
import { applySchemaWith, offeredDepartments, type ApplyInput, type Application, type PublishedCourse } from '../../lib/schemas/apply';
import { CONSENT_TEXT } from '../../lib/schemas/consent';
import { Field } from '../forms/Field';
import { FormAlert } from '../forms/FormAlert';
import { useSubmitForm } from '../forms/use-submit-form';
import ToastHost from './ToastHost';

interface Props {
  /** On its own page (not in the dialog), the form shows the toasts itself. */
  standalone?: boolean | undefined;
  /** Called after a successful submission (the dialog closes then). */
  onSuccess?: (() => void) | undefined;
}

/** The published courses in any of the shapes GET /api/courses may answer: a list, `{courses}` or `{items}`. */
function coursesOf(answer: unknown): PublishedCourse[] {
  const list = Array.isArray(answer)
    ? answer
    : ((answer as { courses?: unknown; items?: unknown } | null)?.courses ?? (answer as { items?: unknown } | null)?.items);
  if (!Array.isArray(list)) return [];
  return list.filter((c): c is PublishedCourse => typeof c?.title === 'string' && typeof c?.category === 'string');
}

/** Loads the published courses once per page (the dialog may open several times). */
let publishedOnce: Promise<PublishedCourse[]> | null = null;
const loadPublished = () =>
  (publishedOnce ??= fetch('/api/courses?limit=100', { headers: { accept: 'application/json' } })
    .then((response) => (response.ok ? response.json() : []))
    .then(coursesOf)
    .catch(() => {
      publishedOnce = null;
      return [];
    }));

const empty: ApplyInput = { name: '', email: '', phone: '', department: '', course: '', consent: false as unknown as true, website: '' };

export default function ApplyForm({ onSuccess, standalone = false }: Props) {
  const id = useId();
  const [published, setPublished] = useState<PublishedCourse[]>([]);
  const shown = useRef(published);
  shown.current = published;
  // The schema checks against the list shown now.
  const [schema] = useState(() => applySchemaWith(() => shown.current));
  useEffect(() => {
    let live = true;
    void loadPublished().then((courses) => live && setPublished(courses));
    return () => {
      live = false;
    };
  }, []);
  const departments = offeredDepartments(published);
  const { form, onSubmit, failure, busy } = useSubmitForm<ApplyInput, Application, { message: string }>({
    schema,
    defaultValues: empty,
    endpoint: '/api/apply',
    // Where the visit came from goes with it; a retry sends the same, so its key still matches.
    body: (values) => ({ ...values, attribution: visitAttribution() }),
    messages: { success: (data) => data.message ?? 'Thank you!' },
    // The failure is shown in the form too: a toast sits beneath an open modal dialog.
    toasts: { success: true, failure: true },
    onSuccess: () => onSuccess?.(),
  });
  const {
    register,
    setValue,
    control,
    formState: { errors },
  } = form;
  const department = useWatch({ control, name: 'department' });
  const courses = departments.find((d) => d.key === department)?.courses ?? [];

  return (
    <form className="apply-form" noValidate onSubmit={onSubmit}>
      {standalone && <ToastHost />}
      <p className="form-note">All fields are mandatory.</p>
      <Field
        as="input"
        id={`${id}-name`}
        label="Full name"
        error={errors.name?.message}
        inputProps={{ ...register('name'), type: 'text', autoComplete: 'name', required: true }}
      />
      <Field
        as="input"
        id={`${id}-email`}
        label="E-mail"
        error={errors.email?.message}
        inputProps={{ ...register('email'), type: 'email', autoComplete: 'email', required: true }}
      />
      <Field
        as="input"
        id={`${id}-phone`}
        label="Mobile number"
        error={errors.phone?.message}
        inputProps={{ ...register('phone'), type: 'tel', inputMode: 'tel', autoComplete: 'tel', placeholder: '+91', required: true }}
      />
      <Field
        as="select"
        id={`${id}-department`}
        label="Department"
        error={errors.department?.message}
        inputProps={{ ...register('department', { onChange: () => setValue('course', '') }), required: true }}
      >
        <option value="">Choose a department</option>
        {departments.map((d) => (
          <option key={d.key} value={d.key}>
            {d.label}
          </option>
        ))}
      </Field>
      <Field
        as="select"
        id={`${id}-course`}
        label="Course"
        error={errors.course?.message}
        inputProps={{ ...register('course'), disabled: !department, required: true }}
      >
        <option value="">{department ? 'Choose a course' : 'Choose a department first'}</option>
        {courses.map((course) => (
          <option key={course} value={course}>
            {course}
          </option>
        ))}
      </Field>
      <Field as="checkbox" id={`${id}-consent`} label={CONSENT_TEXT} error={errors.consent?.message} inputProps={{ ...register('consent'), required: true }} />
      <div className="form-honeypot" aria-hidden="true">
        <label htmlFor={`${id}-website`}>Leave this empty</label>
        <input {...register('website')} id={`${id}-website`} type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <button type="submit" className="btn btn--accent" disabled={busy}>
        {busy ? 'Submitting...' : 'Enroll Now'}
      </button>
      <FormAlert>{failure}</FormAlert>
    </form>
  );
}

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
import { applySchemaWith, departmentName, offeredDepartments, type ApplyInput, type Application, type PublishedCourse } from '../../lib/schemas/apply';
import { consentText } from '../../lib/schemas/consent';
import { AgeQuestion } from '../forms/AgeQuestion';
import { heldOf, type Held, withAgeFields, withAgeQuestion, type AgeOutput, type AgeValues } from '../forms/age-question';
import { Field } from '../forms/Field';
import { LazyHeldStep } from '../forms/LazyHeldStep';
import { FormAlert } from '../forms/FormAlert';
import { useSubmitForm } from '../forms/use-submit-form';
import toast from 'react-hot-toast/headless';
import { pageLocale } from '../forms/page-locale';
import ToastHost from './ToastHost';
import {
  apply_all_mandatory,
  apply_choose_course,
  apply_choose_department,
  apply_choose_department_first,
  apply_course,
  apply_department,
  apply_enroll,
  apply_full_name,
  apply_mobile,
  apply_submitting,
  apply_thanks,
  forms_email,
  forms_honeypot,
} from '../../i18n/messages';

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

type ApplyValues = Omit<ApplyInput, 'age' | 'guardian'> & AgeValues;

// The age question (first) has no default: an answer chosen before the form woke up stays.
const empty: ApplyValues = { name: '', email: '', phone: '', department: '', course: '', consent: false as unknown as true, website: '' };
const FIELDS = withAgeFields(Object.keys(empty));

export default function ApplyForm({ onSuccess, standalone = false }: Props) {
  const id = useId();
  const [published, setPublished] = useState<PublishedCourse[]>([]);
  const shown = useRef(published);
  shown.current = published;
  // The schema checks against the list shown now.
  const [schema] = useState(() => withAgeQuestion(applySchemaWith(() => shown.current)));
  // An under-18's application, waiting for their guardian's consent.
  const [held, setHeld] = useState<Held | null>(null);
  useEffect(() => {
    let live = true;
    void loadPublished().then((courses) => live && setPublished(courses));
    return () => {
      live = false;
    };
  }, []);
  const departments = offeredDepartments(published);
  const { form, onSubmit, failure, busy } = useSubmitForm<ApplyValues, Application & AgeOutput, { message: string }>({
    schema,
    defaultValues: empty,
    endpoint: '/api/apply',
    fields: FIELDS,
    // Kept until stored: a held application may go back to the form to change the guardian's details.
    resetOnSuccess: false,
    // Where the visit came from goes with it; a retry sends the same, so its key still matches.
    body: (values) => ({ ...values, attribution: visitAttribution() }),
    messages: { success: (data) => data.message ?? apply_thanks() },
    // The failure is shown in the form too: a toast sits beneath an open modal dialog.
    toasts: { success: true, failure: true },
    onSuccess: (_data, values, result) => {
      const waiting = heldOf(result, values);
      if (waiting) return setHeld(waiting);
      form.reset(empty);
      onSuccess?.();
    },
  });
  const {
    register,
    setValue,
    control,
    formState: { errors },
  } = form;
  const department = useWatch({ control, name: 'department' });
  const age = useWatch({ control, name: 'age' });
  const courses = departments.find((d) => d.key === department)?.courses ?? [];
  const locale = pageLocale();

  if (held)
    return (
      <div className="apply-form">
        {standalone && <ToastHost />}
        <LazyHeldStep
          held={held}
          onChange={() => setHeld(null)}
          onConsented={(data) => {
            setHeld(null);
            form.reset(empty);
            toast.success(data.message || apply_thanks());
            onSuccess?.();
          }}
        />
      </div>
    );

  return (
    <form className="apply-form" noValidate onSubmit={onSubmit}>
      {standalone && <ToastHost />}
      <p className="form-note">{apply_all_mandatory()}</p>
      <AgeQuestion id={id} register={register} errors={errors} age={age} />
      <Field
        as="input"
        id={`${id}-name`}
        label={apply_full_name()}
        error={errors.name?.message}
        inputProps={{ ...register('name'), type: 'text', autoComplete: 'name', required: true }}
      />
      <Field
        as="input"
        id={`${id}-email`}
        label={forms_email()}
        error={errors.email?.message}
        inputProps={{ ...register('email'), type: 'email', autoComplete: 'email', required: true }}
      />
      <Field
        as="input"
        id={`${id}-phone`}
        label={apply_mobile()}
        error={errors.phone?.message}
        inputProps={{ ...register('phone'), type: 'tel', inputMode: 'tel', autoComplete: 'tel', placeholder: '+91', required: true }}
      />
      <Field
        as="select"
        id={`${id}-department`}
        label={apply_department()}
        error={errors.department?.message}
        inputProps={{ ...register('department', { onChange: () => setValue('course', '') }), required: true }}
      >
        <option value="">{apply_choose_department()}</option>
        {departments.map((d) => (
          <option key={d.key} value={d.key}>
            {departmentName(d, locale)}
          </option>
        ))}
      </Field>
      <Field
        as="select"
        id={`${id}-course`}
        label={apply_course()}
        error={errors.course?.message}
        inputProps={{ ...register('course'), disabled: !department, required: true }}
      >
        <option value="">{department ? apply_choose_course() : apply_choose_department_first()}</option>
        {courses.map((course) => (
          <option key={course} value={course}>
            {course}
          </option>
        ))}
      </Field>
      <Field
        as="checkbox"
        id={`${id}-consent`}
        label={consentText(locale)}
        error={errors.consent?.message}
        inputProps={{ ...register('consent'), required: true }}
      />
      <div className="form-honeypot" aria-hidden="true">
        <label htmlFor={`${id}-website`}>{forms_honeypot()}</label>
        <input {...register('website')} id={`${id}-website`} type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <button type="submit" className="btn btn--accent" disabled={busy}>
        {busy ? apply_submitting() : apply_enroll()}
      </button>
      <FormAlert>{failure}</FormAlert>
    </form>
  );
}

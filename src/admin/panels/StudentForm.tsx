/**
 * A student's record: 'Add a student' (/student-list/new, POST /api/students) and 'Edit a student'
 * (/student-list/{id}/edit, GET then PUT /api/students/{id} with the version it was based on,
 * and Delete after a question naming the student). Checked with the shared
 * schema; the server's field errors show beside their fields; a 409 shows its message and loads
 * the record as it is now.
 */
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast/headless';
import { Link, useLocation } from 'wouter';
import type { z } from 'zod';
import { Field } from '../../components/islands/form-field';
import { formatMobile } from '../../lib/mobile';
import { LANGUAGE_NAME, LOCALES } from '../../i18n/locales';
import { languageOf } from '../../lib/person-language';
import type { Course } from '../../lib/schemas/course';
import { StudentFieldsSchema, type Student, type StudentFieldsInput } from '../../lib/schemas/student';
import { api, ApiError, listQuery, messageOf } from '../api';
import { useDraft } from '../drafts';
import { leadPath, PATHS } from '../routes';
import { useConfirm } from '../ui/ConfirmDialog';
import { deleteStudentQuestion } from '../ui/delete-question';
import PanelHeading from '../ui/PanelHeading';
import { todayInIndia } from '../ui/dates';
import { GuardianConsentLine } from '../ui/GuardianConsentLine';

type Output = z.output<typeof StudentFieldsSchema>;
const NAMES = ['name', 'email', 'phone', 'course', 'registrationDate', 'guardianName', 'guardianPhone', 'accountEmail', 'language'] as const;

/** The form's values for a record (or a new one). */
const formOf = (student?: Student): StudentFieldsInput => ({
  name: student?.name ?? '',
  email: student?.email ?? '',
  // Stored as +919829012345, shown as people write it (the schema takes either).
  phone: student?.phone ? formatMobile(student.phone) : '',
  course: student?.course ?? '',
  registrationDate: student?.registrationDate ?? todayInIndia(),
  guardianName: student?.guardianName ?? '',
  guardianPhone: student?.guardianPhone ? formatMobile(student.guardianPhone) : '',
  accountEmail: student?.accountEmail ?? '',
  // A new record is left to the server: its linked account's language, else English.
  ...(student && { language: languageOf(student) }),
});

export default function StudentForm({ id: studentId }: { id?: string | undefined }) {
  const editing = Boolean(studentId);
  const record = useQuery({
    queryKey: ['/api/students', studentId],
    queryFn: () => api<Student>(`/api/students/${encodeURIComponent(studentId!)}`),
    enabled: editing,
    // Always the newest version when the form opens.
    staleTime: 0,
  });

  if (!editing) return <StudentEditor />;
  return (
    <section className="admin-panel">
      {record.data ? (
        <StudentEditor key={record.data._id} student={record.data} />
      ) : (
        <>
          <PanelHeading title="Edit a student" />
          {record.isError ? (
            <div role="alert">
              <p className="form-error">
                {record.error instanceof ApiError && record.error.status === 404
                  ? 'There is no such student: the record may have been deleted.'
                  : messageOf(record.error, 'The student could not be loaded.')}
              </p>
              <p>
                <Link href={PATHS.editStudentPick}>Choose another student</Link>
              </p>
            </div>
          ) : (
            <p role="status">Loading the student…</p>
          )}
        </>
      )}
    </section>
  );
}

function StudentEditor({ student }: { student?: Student }) {
  const id = useId();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [version, setVersion] = useState(student?.version ?? 0);
  const [deleting, setDeleting] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    getValues,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<StudentFieldsInput, unknown, Output>({ resolver: standardSchemaResolver(StudentFieldsSchema), defaultValues: formOf(student) });

  // Course names already on the site, offered as suggestions.
  const courses = useQuery({ queryKey: ['/api/courses', 'titles'], queryFn: () => api<Course[]>(`/api/courses${listQuery({ limit: 100 })}`) });
  useEffect(() => reset(formOf(student)), [student, reset]);
  // A form being filled in when the session ends is kept, and put back after signing in.
  useDraft<StudentFieldsInput>(
    `student:${student?._id ?? 'new'}`,
    'student record',
    () => (isDirty ? getValues() : null),
    (draft) => reset(draft, { keepDefaultValues: true }),
  );

  const reload = () => queryClient.invalidateQueries({ queryKey: ['/api/students'] });

  const onSubmit = async (values: Output) => {
    try {
      if (student) {
        const answer = await api<{ message: string }>(`/api/students/${encodeURIComponent(student._id)}`, { method: 'PUT', body: { ...values, version } });
        toast.success(answer.message);
        await reload();
        navigate(PATHS.studentList);
      } else {
        const answer = await api<{ message: string; item: Student }>('/api/students', { body: values });
        toast.success(answer.message);
        reset(formOf());
        await reload();
      }
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.status === 409 && student) {
        toast.error(messageOf(error, 'Someone else changed this record.'));
        const current = error.data.current as Student | null | undefined;
        if (current) {
          setVersion(current.version);
          reset(formOf(current));
        } else {
          await reload();
          navigate(PATHS.studentList);
        }
        return;
      }
      for (const [name, message] of Object.entries(error.data.errors ?? {})) {
        if ((NAMES as readonly string[]).includes(name)) setError(name as (typeof NAMES)[number], { message });
      }
      toast.error(messageOf(error, 'The student could not be saved. Please try again.'));
    }
  };

  const remove = async () => {
    if (!student || !(await confirm(deleteStudentQuestion(student.name)))) return;
    setDeleting(true);
    try {
      const answer = await api<{ message: string }>(`/api/students/${encodeURIComponent(student._id)}${listQuery({ version })}`, { method: 'DELETE' });
      toast.success(answer.message);
      await reload();
      navigate(PATHS.studentList);
    } catch (error) {
      toast.error(messageOf(error, 'The student could not be deleted. Please try again.'));
      setDeleting(false);
    }
  };

  const content = (
    <>
      <PanelHeading title={student ? 'Edit a student' : 'Add a student'}>
        <Link className="btn btn--sm btn--outline" href={PATHS.studentList}>
          Student list
        </Link>
      </PanelHeading>
      {student && <GuardianConsentLine record={student} />}
      <form className={`admin-form${student ? ' admin-form--editing' : ''}`} noValidate onSubmit={handleSubmit(onSubmit)}>
        {student && <p className="admin-form__mode">Editing the record of {student.name}</p>}
        {student?.leadId && (
          <p>
            <Link href={leadPath(student.leadId)}>Admitted from an enquiry: open the lead</Link>
          </p>
        )}
        <div className="admin-form__grid">
          <Field id={`${id}-name`} label="Name" error={errors.name?.message}>
            {(aria) => <input {...register('name')} {...aria} type="text" autoComplete="off" required />}
          </Field>
          <Field
            id={`${id}-email`}
            label="Email (optional)"
            hint="Receipts and notices also go there; without one, the student hears from the office by WhatsApp."
            error={errors.email?.message}
          >
            {(aria) => <input {...register('email')} {...aria} type="email" autoComplete="off" />}
          </Field>
          <Field id={`${id}-phone`} label="Mobile number (optional)" hint="10 digits, e.g. 98290 12345" error={errors.phone?.message}>
            {(aria) => <input {...register('phone')} {...aria} type="tel" inputMode="tel" autoComplete="off" />}
          </Field>
          <Field id={`${id}-course`} label="Course" error={errors.course?.message}>
            {(aria) => <input {...register('course')} {...aria} type="text" list={`${id}-courses`} autoComplete="off" required />}
          </Field>
          <Field id={`${id}-date`} label="Registration date" error={errors.registrationDate?.message}>
            {(aria) => <input {...register('registrationDate', { setValueAs: (v: string) => v || undefined })} {...aria} type="date" required />}
          </Field>
        </div>
        <fieldset className="admin-form__group">
          <legend>Guardian (needed for students under 18)</legend>
          <p className="admin-form__hint">Give both the guardian’s name and mobile number, or leave both empty. Absence messages can go to this number.</p>
          <div className="admin-form__grid">
            <Field id={`${id}-guardian`} label="Guardian’s name" error={errors.guardianName?.message}>
              {(aria) => <input {...register('guardianName')} {...aria} type="text" autoComplete="off" />}
            </Field>
            <Field id={`${id}-guardian-phone`} label="Guardian’s mobile number" hint="10 digits, e.g. 98290 12345" error={errors.guardianPhone?.message}>
              {(aria) => <input {...register('guardianPhone')} {...aria} type="tel" inputMode="tel" autoComplete="off" />}
            </Field>
          </div>
        </fieldset>
        <Field
          id={`${id}-account`}
          label="Website account e-mail (optional)"
          hint="The e-mail address the student signed up with on the website, to show them their classes. An account with the student’s own e-mail address is theirs without a link; to unlink another, empty the field."
          error={errors.accountEmail?.message}
        >
          {(aria) => <input {...register('accountEmail')} {...aria} type="email" autoComplete="off" />}
        </Field>
        {student && (
          <Field
            id={`${id}-language`}
            label="Language for messages and e-mails"
            hint="E-mails to the student (receipts, certificates) and their WhatsApp messages are written in it."
            error={errors.language?.message}
          >
            {(aria) => (
              <select {...register('language')} {...aria}>
                {LOCALES.map((language) => (
                  <option key={language} value={language} lang={language}>
                    {LANGUAGE_NAME[language]}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
        <datalist id={`${id}-courses`}>
          {courses.data?.map((course) => (
            <option key={course._id} value={course.title} />
          ))}
        </datalist>
        <div className="btn-row">
          <button type="submit" className="btn" disabled={isSubmitting || deleting}>
            {isSubmitting ? 'Please wait...' : student ? 'Update Student' : 'Register Student'}
          </button>
          {student && (
            <button type="button" className="btn btn--outline admin-btn--danger-outline" disabled={isSubmitting || deleting} onClick={() => void remove()}>
              {deleting ? 'Deleting...' : 'Delete Student'}
            </button>
          )}
        </div>
      </form>
    </>
  );
  return student ? content : <section className="admin-panel">{content}</section>;
}

/**
 * The one field of every form: a label, the control, a hint and an error, tied together for
 * assistive technology (the hint and the error are read out with the control, aria-invalid marks
 * a wrong value). The control is either drawn by the caller (a render prop given the attributes to
 * spread) or named with `as` and given its attributes in `inputProps` (react-hook-form's
 * `register(name)` result included).
 */
import type { ComponentPropsWithRef, ReactNode } from 'react';

/** What the control inside a Field must carry. */
export interface FieldAria {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  /** Present when the Field is `required`: the control is then marked required too. */
  required?: true;
}

interface CommonProps {
  /** The control's id, unique on the page (built from useId()). */
  id: string;
  /** The visible label. */
  label: ReactNode;
  /** A line of help under the control, read out with it. */
  hint?: ReactNode;
  /** The field's error, if any. */
  error?: string | undefined;
  /** Marks the label with an asterisk and the control as required. */
  required?: boolean | undefined;
  /** Extra classes on the field's wrapper. */
  className?: string | undefined;
}

/** A field whose control the caller draws: `children` spreads the attributes it is given. */
interface RenderProps extends CommonProps {
  as?: undefined;
  children: (aria: FieldAria) => ReactNode;
}
/** A text-like input (any `type` but checkbox; a date, a number …). */
interface InputProps extends CommonProps {
  as: 'input';
  inputProps: ComponentPropsWithRef<'input'>;
}
/** A checkbox: the box first, then its label (the site's `form-check` layout). */
interface CheckboxProps extends CommonProps {
  as: 'checkbox';
  inputProps: Omit<ComponentPropsWithRef<'input'>, 'type'>;
}
interface TextareaProps extends CommonProps {
  as: 'textarea';
  inputProps: ComponentPropsWithRef<'textarea'>;
}
/** A select; `children` are its options. */
interface SelectProps extends CommonProps {
  as: 'select';
  inputProps: ComponentPropsWithRef<'select'>;
  children: ReactNode;
}

export type FieldProps = RenderProps | InputProps | CheckboxProps | TextareaProps | SelectProps;

/** The ids a Field gives its hint and error, for a caller that links to them (an error summary). */
export const fieldErrorId = (id: string) => `${id}-error`;
const hintIdOf = (id: string) => `${id}-hint`;

/** Draws the control a Field was given with `as`. */
function control(props: Exclude<FieldProps, RenderProps>, aria: FieldAria) {
  switch (props.as) {
    case 'input':
      return <input {...props.inputProps} {...aria} />;
    case 'checkbox':
      return <input {...props.inputProps} {...aria} type="checkbox" />;
    case 'textarea':
      return <textarea {...props.inputProps} {...aria} />;
    case 'select':
      return (
        <select {...props.inputProps} {...aria}>
          {props.children}
        </select>
      );
  }
}

/** A labelled field: label, control, hint and error, in the site's `form-field` layout. */
export function Field(props: FieldProps) {
  const { id, label, hint, error, required, className } = props;
  const describedBy = [hint ? hintIdOf(id) : '', error ? fieldErrorId(id) : ''].filter(Boolean).join(' ') || undefined;
  const aria: FieldAria = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    ...(required && { required: true as const }),
  };
  const isCheck = props.as === 'checkbox';
  const labelEl = (
    <label htmlFor={id}>
      {label}
      {/* The control's `required` tells assistive technology; the asterisk is for the eye. */}
      {required && (
        <span className="form-required" aria-hidden="true">
          {' '}
          *
        </span>
      )}
    </label>
  );
  return (
    <div className={[isCheck ? 'form-check' : 'form-field', className].filter(Boolean).join(' ')}>
      {!isCheck && labelEl}
      {props.as === undefined ? props.children(aria) : control(props, aria)}
      {isCheck && labelEl}
      {hint && (
        <p className="form-hint" id={hintIdOf(id)}>
          {hint}
        </p>
      )}
      {error && (
        <p className="form-error" id={fieldErrorId(id)}>
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * One field of an application form, drawn from its definition (src/lib/schemas/application-fields):
 * a text, e-mail, date, select or textarea control in the shared Field, upper-cased as it is typed
 * where the specification says so, and digits-only (numeric keypad, at most `maxLength` digits)
 * for numbers. The value is tidied in the input itself, caret kept, so what is seen is what is sent.
 */
import type { ChangeEvent } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { FieldDef } from '../../lib/schemas/application-fields';
import { Field } from '../forms/Field';
import { appform_choose } from '../../i18n/messages';

interface Props {
  id: string;
  field: FieldDef;
  /** react-hook-form's `register(field.name)`. */
  registration: UseFormRegisterReturn;
  error?: string | undefined;
}

/**
 * The value as the field keeps it: digits only (at most maxLength; Devanagari ones stay as typed,
 * the schema reads them as Latin), upper-cased where asked.
 */
export function tidy(field: FieldDef, value: string): string {
  let next = value;
  if (field.input === 'digits') next = next.replace(/[^0-9\u0966-\u096f]/g, '').slice(0, field.maxLength ?? Infinity);
  if (field.upper) next = next.toUpperCase();
  return next;
}

/** Tidies the input's value where it is typed, the caret staying after the same characters. */
function tidyInput(field: FieldDef, input: HTMLInputElement) {
  const value = tidy(field, input.value);
  if (value === input.value) return;
  const caret = tidy(field, input.value.slice(0, input.selectionStart ?? input.value.length)).length;
  input.value = value;
  try {
    input.setSelectionRange(caret, caret);
  } catch {
    // Some input types have no caret to place.
  }
}

/** One field of an application form (see the module's comment). */
export function DefinedField({ id, field, registration, error }: Props) {
  const common = { id, label: field.says(), hint: field.hint?.(), error, required: true } as const;
  if (field.input === 'select') {
    return (
      <Field as="select" {...common} inputProps={{ ...registration, autoComplete: field.autoComplete ?? 'off' }}>
        <option value="">{appform_choose()}</option>
        {Object.entries(field.options ?? {}).map(([value, label]) => (
          <option key={value} value={value}>
            {field.optionWords?.[value]?.() ?? label}
          </option>
        ))}
      </Field>
    );
  }
  if (field.input === 'textarea') {
    return <Field as="textarea" {...common} inputProps={{ ...registration, rows: 3, autoComplete: field.autoComplete }} />;
  }
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    tidyInput(field, event.target);
    return registration.onChange(event);
  };
  // A typed-in e-mail that is upper-cased is a text input: e-mail inputs have no caret to keep.
  const type = field.input === 'date' ? 'date' : field.input === 'email' && !field.upper ? 'email' : 'text';
  const inputMode = field.input === 'digits' ? 'numeric' : field.input === 'email' ? 'email' : undefined;
  return (
    <Field
      as="input"
      {...common}
      inputProps={{
        ...registration,
        onChange,
        type,
        inputMode,
        // Digits are cut to their maximum once spaces are dropped, so a pasted "2341 2341 2346" fits.
        maxLength: field.input === 'digits' ? undefined : field.maxLength,
        autoComplete: field.autoComplete ?? 'off',
        autoCapitalize: field.upper ? 'characters' : undefined,
        spellCheck: field.input === 'text' && !field.upper ? undefined : false,
      }}
    />
  );
}

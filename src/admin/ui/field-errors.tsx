import { useEffect, type RefObject } from 'react';

/**
 * A form's errors by field name (as the API answers them in `errors`), tied to its inputs:
 * `field(name)` gives an input `aria-invalid` and points `aria-describedby` at its message, and
 * `errorOf(name)` is that message (nothing when the field has none). `id` is the form's useId().
 */
export function fieldErrors(id: string, errors: Record<string, string | undefined>) {
  const field = (name: string) => (errors[name] ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-${name}-error` } : {});
  const errorOf = (name: string) =>
    errors[name] ? (
      <p className="form-error" id={`${id}-${name}-error`}>
        {errors[name]}
      </p>
    ) : null;
  return { field, errorOf };
}

/**
 * Gives the first refused field of `form` the focus whenever `errors` change, scrolled into view
 * below the sticky header (scroll-margin-top in admin.css).
 */
export function useFocusFirstError(form: RefObject<HTMLFormElement | null>, errors: unknown) {
  useEffect(() => {
    const first = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!first) return;
    first.focus({ preventScroll: true });
    first.scrollIntoView({ block: 'nearest' });
  }, [form, errors]);
}

/**
 * The server's per-field errors (the `errors` of a 400 or 422 answer, keyed by field name, or
 * `documents.<slot>` for a file) put on the form's own fields.
 */
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

/** The keys of an object schema's shape (zod 4 objects have `shape`), without importing zod. */
const shapeOf = (schema: unknown): Record<string, unknown> | undefined => {
  const shape = (schema as { shape?: unknown } | null)?.shape;
  return shape && typeof shape === 'object' ? (shape as Record<string, unknown>) : undefined;
};

/**
 * Every field path an object schema names: its keys, and `key.sub` for a key that is an object
 * itself (the application forms' `documents.<slot>`). Empty for a schema that is not an object.
 */
export function fieldPathsOf(schema: unknown): string[] {
  const shape = shapeOf(schema) ?? {};
  return Object.entries(shape).flatMap(([key, child]) => [key, ...Object.keys(shapeOf(child) ?? {}).map((sub) => `${key}.${sub}`)]);
}

/**
 * Puts each error whose key is one of `names` on that field; answers the errors left over (keys
 * the form has no field for), so the caller can show them another way.
 */
export function showFieldErrors<T extends FieldValues>(
  errors: Record<string, string> | undefined,
  names: readonly (Path<T> | string)[],
  setError: UseFormSetError<T>,
): Record<string, string> {
  const rest: Record<string, string> = {};
  for (const [name, message] of Object.entries(errors ?? {})) {
    if (names.includes(name)) setError(name as Path<T>, { type: 'server', message });
    else rest[name] = message;
  }
  return rest;
}

/**
 * The problems a schema found, one message per field ('amount', 'instalments.1.dueOn'; 'body' for
 * the whole), the first for each: the shape of a 400's `errors`, so a form shows its own check and
 * the function's answer the same way.
 */

/** One message per field of `issues` (a ZodError's), the first found for each. */
export function fieldErrorsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[issue.path.map(String).join('.') || 'body'] ??= issue.message;
  return errors;
}

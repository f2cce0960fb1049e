/**
 * The form kit's pieces under their former names, for the staff app's forms that import them
 * from here. New code imports from `src/components/forms/`.
 */
export { Field, type FieldAria } from '../forms/Field';
export { FormAlert } from '../forms/FormAlert';
export { showFieldErrors } from '../forms/server-errors';
export { FALLBACK_FAILURE, useFailure } from '../forms/use-failure';

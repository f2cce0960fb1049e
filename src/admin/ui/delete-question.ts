/**
 * The questions asked before something is deleted: each names what it deletes, so a tap on the
 * wrong row of a list on a phone is caught ('Are you sure you want to delete the student Sunita
 * Sharma?').
 */

/** The question before deleting a record of the kind `noun` ('course') named `name`. */
export const deleteQuestion = (noun: string, name: string) => `Are you sure you want to delete the ${noun} ${name.trim() || '(no name)'}?`;

/** The question before deleting a student record. */
export const deleteStudentQuestion = (name: string) => deleteQuestion('student', name);

/**
 * What a schema's message names a field by: a text, or a message function called when the
 * message is made (at parse time), so that a Hindi page's form names its field in Hindi.
 */

/** A field's name in a message: 'your name', or a message such as `() => validation_label_your_name()`. */
export type Words = string | (() => string);

/** The text of `words` in the language of the work in progress. */
export const say = (words: Words): string => (typeof words === 'function' ? words() : words);

/**
 * What any text a person sends may hold, checked once here for every text schema (the forms in
 * the browser and the functions): no control characters, and well-formed UTF-16. A NUL cannot be
 * stored by Postgres at all (the request would fail on our side), other control characters are
 * never typed and can hide or reorder what staff read, and a lone surrogate (half of an emoji)
 * would be stored as U+FFFD, not as what was sent. No node or DOM imports: this runs in the browser.
 */
import { z } from './zod';
import { say, type Words } from './words';
import { validation_broken_character, validation_control_characters } from '../../i18n/messages';

/** C0 controls, DEL and C1 controls. */
// eslint-disable-next-line no-control-regex -- control characters are what this looks for
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/** The same, but tab, line feed and carriage return, which text of several lines holds. */
// eslint-disable-next-line no-control-regex -- control characters are what this looks for
const CONTROL_BUT_LINE_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/** A surrogate pair (kept), or a control character or a lone surrogate (stripped). */
// eslint-disable-next-line no-control-regex -- control characters are what this looks for
const PAIR_OR_STRIPPED = /[\ud800-\udbff][\udc00-\udfff]|[\u0000-\u001f\u007f-\u009f\ud800-\udfff]/g;

/** Whether text may run over several lines (a message, a note): tabs and line breaks allowed. */
export interface PlainTextOptions {
  multiline?: boolean;
}

/** What is wrong with a text: a control character, or a broken (lone) surrogate. */
export type TextProblem = 'control' | 'broken';

/** True when `value` is well-formed UTF-16 (every surrogate in a pair), in any browser. */
export function wellFormed(value: string): boolean {
  if (typeof value.isWellFormed === 'function') return value.isWellFormed();
  for (let i = 0; i < value.length; i++) {
    const unit = value.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
      i++;
    } else if (unit >= 0xdc00 && unit <= 0xdfff) return false;
  }
  return true;
}

/** What is wrong with `value` as text a person sent, or null when nothing is. */
export function textProblem(value: string, { multiline = false }: PlainTextOptions = {}): TextProblem | null {
  if ((multiline ? CONTROL_BUT_LINE_BREAKS : CONTROL).test(value)) return 'control';
  return wellFormed(value) ? null : 'broken';
}

/** The message for a control character in `label` (e.g. 'your message', 'the title'). */
export const controlCharacterMessage = (label: Words) => validation_control_characters({ label: say(label) });

/** The message for a lone surrogate in `label`. */
export const brokenCharacterMessage = (label: Words) => validation_broken_character({ label: say(label) });

/**
 * The check of text a person sent, for any string schema: `z.string().check(plainText('the
 * title'))`. Refuses control characters (but tabs and line breaks where `multiline`) and lone
 * surrogates, with a message naming the field.
 */
export function plainText(label: Words, options: PlainTextOptions = {}) {
  return z.superRefine<string>((value, ctx) => {
    const problem = textProblem(value, options);
    if (problem) ctx.addIssue({ code: 'custom', message: problem === 'control' ? controlCharacterMessage(label) : brokenCharacterMessage(label) });
  });
}

/**
 * `value` with every control character and lone surrogate replaced by `replacement`: for what a person
 * cannot correct and need not be asked about (a device's file name, where a visit came from).
 */
export const strippedText = (value: string, replacement = '') => value.replace(PAIR_OR_STRIPPED, (found) => (found.length === 2 ? found : replacement));

/**
 * Which new passwords are refused: those an attacker would try first. Checked offline with
 * zxcvbn-ts and its common dictionary (passwords from public breaches, common names and words,
 * keyboard patterns, dates, repeats and sequences, l33t spellings), plus the person's own name and
 * e-mail and the institute's name. A password estimated at fewer than 10 million guesses is
 * refused: that takes in `password123`, `qwerty`, `sachin123` and a name with a year, and leaves
 * any short sentence of one's own. Loaded only by the functions that set a password.
 */
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import site from '../../../content/site.json';
import { server_password_common } from '../../../src/i18n/messages';

/** Fewer guesses than this and the password is refused. */
export const MIN_GUESSES = 1e7;

/** What the person is told (the spec's English; passwordProblem answers in the request's language). */
export const COMMON_PASSWORD =
  'This password is too common or has appeared in a data breach. Please choose another: a short sentence of your own is easy to remember.';

let checker: Promise<ZxcvbnFactory> | undefined;

function load(): Promise<ZxcvbnFactory> {
  checker ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]).then(
    ([core, common]) => new core.ZxcvbnFactory({ dictionary: { ...common.dictionary }, graphs: common.adjacencyGraphs }),
  );
  // A failed load is not kept: the next call tries again.
  checker.catch(() => {
    checker = undefined;
  });
  return checker;
}

/** COMMON_PASSWORD when `password` is too easy to guess for this person, else null. */
export async function passwordProblem(password: string, person: { name?: string | undefined; email?: string | undefined } = {}): Promise<string | null> {
  const words = [person.name, person.email, person.email?.split('@')[0], site.name, site.shortName]
    .filter((v): v is string => Boolean(v))
    .flatMap((v) => [v, v.replace(/[\s.&-]+/g, ''), ...v.split(/[\s@.&-]+/)])
    .filter((v) => v.length >= 3);
  const result = await (await load()).checkAsync(password.normalize('NFKC'), words);
  return result.guesses < MIN_GUESSES ? server_password_common() : null;
}

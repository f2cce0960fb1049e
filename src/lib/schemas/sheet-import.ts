/**
 * What every import from a spreadsheet sends (students, questions): the file's name, and rows of a
 * row number and text cells. Each import's schema adds its own columns and limits.
 */
import { z } from './zod';
import { strippedText } from './plain-text';

/** The file's name as chosen (for the audit line and "already imported"). */
export const ImportFileNameSchema = z
  .string({ message: 'Please choose a file.' })
  .trim()
  .min(1, 'Please choose a file.')
  .max(200, 'The file’s name is too long: please rename it to 200 characters or fewer.')
  // A control character or a lone surrogate is what strippedText takes out (plain-text.ts).
  .refine((v) => strippedText(v) === v, 'The file’s name has characters that cannot be shown: please rename the file.');

/** A check that a value has a row's shape: a row number of a sheet and text cells of `keys` (a cell left out is empty). */
export const isSheetRow =
  <K extends string>(keys: readonly K[]) =>
  (value: unknown): value is Partial<Record<K, string>> & { row: number } => {
    if (typeof value !== 'object' || value === null) return false;
    const r = value as Record<string, unknown>;
    return (
      Number.isInteger(r['row']) &&
      (r['row'] as number) >= 2 &&
      (r['row'] as number) <= 1_048_576 &&
      keys.every((k) => r[k] === undefined || typeof r[k] === 'string')
    );
  };

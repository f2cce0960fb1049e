/**
 * The cells of an exported table (CSV and Excel alike): text, or a figure the spreadsheet must
 * be able to add up or sort as what it is. Text is whatever anyone typed and is only ever written
 * as text (never a formula, a phone keeps its digits); a figure is written as a number or a date,
 * which only the server makes (amounts from integer paise, counts, India's days).
 */
import { rupeeFigure } from '../../../src/lib/money';

/** A figure of a known kind (made by the helpers below). */
export type SheetFigure =
  | { kind: 'money'; paise: number }
  | { kind: 'count'; value: number }
  | { kind: 'percent'; value: number }
  | { kind: 'day'; value: string }
  | { kind: 'time'; value: string }
  | { kind: 'marks'; hundredths: number };

/** One cell: text (null or '' for an empty cell) or a figure. */
export type SheetCell = string | null | SheetFigure;

/** An amount of integer paise, shown as rupees with two decimals. */
export const money = (paise: number): SheetFigure => ({ kind: 'money', paise });
/** A count (classes, receipts). */
export const count = (value: number): SheetFigure => ({ kind: 'count', value });
/** A whole percentage (85 for 85%); null is an empty cell. */
export const percent = (value: number | null): SheetCell => (value === null ? null : { kind: 'percent', value });
/** An India day written YYYY-MM-DD; null is an empty cell. */
export const day = (value: string | null): SheetCell => (value === null || value === '' ? null : { kind: 'day', value });
/** India's wall clock written 'YYYY-MM-DD HH:MM'; null is an empty cell. */
export const time = (value: string | null): SheetCell => (value === null || value === '' ? null : { kind: 'time', value });

/** Marks kept as whole hundredths (a practice test's score), shown as the mark they are: 6250 → 62.5; null is an empty cell. */
export const marks = (hundredths: number | null): SheetCell => (hundredths === null ? null : { kind: 'marks', hundredths });

/** A figure as plain text: what a CSV cell holds and what a spreadsheet reads back as the number or date. */
export function figureText(figure: SheetFigure): string {
  switch (figure.kind) {
    case 'money':
      // Money paid back (a refund in the fee export) is a negative amount.
      return figure.paise < 0 ? `-${rupeeFigure(-figure.paise)}` : rupeeFigure(figure.paise);
    case 'count':
    case 'percent':
      return String(figure.value);
    case 'day':
    case 'time':
      return figure.value;
    case 'marks':
      return String(figure.hundredths / 100);
  }
}

/**
 * A joining day as offices write it, read as YYYY-MM-DD: 2026-11-25, 25/11/2026, 25-11-2026,
 * 25.11.2026, 25/11/26 (day first, as India writes dates), or an Excel date's serial number when
 * the cell was not formatted as a date (46351 is 25 November 2026). No DOM or node imports.
 */
import { latinDigits } from '../digits';
import { isOfficeDay } from '../schemas/real-day';

const pad = (n: number) => String(n).padStart(2, '0');

/** Excel's day 0 (its serial 1 is 1 January 1900, counting the 29 February 1900 it believes in). */
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);

/** The day an Excel serial number stands for (YYYY-MM-DD). */
export function excelSerialDay(serial: number): string {
  return new Date(EXCEL_EPOCH + Math.floor(serial) * 86_400_000).toISOString().slice(0, 10);
}

/** `text` as YYYY-MM-DD when it is a day in the office's years written in a usual form, else null. */
export function importDay(text: string): string | null {
  const value = latinDigits(text).trim();
  let day: string | null = null;
  const iso = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(value);
  const india = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{2}|\d{4})$/.exec(value);
  if (iso) day = `${iso[1]}-${pad(Number(iso[2]))}-${pad(Number(iso[3]))}`;
  else if (india) {
    const year = india[3]!.length === 2 ? 2000 + Number(india[3]) : Number(india[3]);
    day = `${year}-${pad(Number(india[2]))}-${pad(Number(india[1]))}`;
  } else if (/^\d{5}(\.\d+)?$/.test(value)) day = excelSerialDay(Number(value));
  return day && isOfficeDay(day) ? day : null;
}

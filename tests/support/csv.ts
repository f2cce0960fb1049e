/**
 * Reading the leads export (RFC 4180) in the tests, cell by cell, the way a spreadsheet does:
 * quoted cells may hold commas, doubled quotes and line breaks; every row ends with CRLF.
 */

/** A CSV text (without its byte order mark) as rows of cells; throws when it does not end with CRLF. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += c;
  }
  if (cell || row.length) throw new Error(`the CSV does not end with CRLF: ${JSON.stringify(text.slice(-40))}`);
  return rows;
}

/** The leads export's columns, in the contract's order (docs/api.md). */
export const LEADS_EXPORT_COLUMNS = [
  'Reference',
  'Received',
  'Kind',
  'Form',
  'Source',
  'Name',
  'Phone',
  'E-mail',
  'Language',
  'Department',
  'Course',
  'Subject',
  'Message',
  'Status',
  'Lost reason',
  'Follow-up',
  'Assigned to',
  'UTM source',
  'UTM medium',
  'UTM campaign',
  'Referrer',
  'Landing page',
];

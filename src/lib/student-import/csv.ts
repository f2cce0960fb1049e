/**
 * A CSV file as rows of cells (RFC 4180: quoted cells may hold commas, quotes doubled, line
 * breaks), as Excel, LibreOffice and Google Sheets save it: a UTF-8 byte-order mark is dropped,
 * and the separator is the comma, or the semicolon or tab a file uses in its first line instead
 * (Excel in some regions saves with semicolons). No DOM or node imports.
 */

/** The separator the first line uses most: comma unless semicolons or tabs outnumber commas. */
function separatorOf(text: string): string {
  const first = text.slice(0, text.search(/\r?\n|$/));
  const count = (c: string) => first.split(c).length - 1;
  return [';', '\t'].reduce((best, c) => (count(c) > count(best) ? c : best), ',');
}

/** The rows of CSV `text`; a last empty line adds no row. */
export function parseCsv(input: string): string[][] {
  const text = input.replace(/^\ufeff/, '');
  const separator = separatorOf(text);
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === separator) {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

// Writes a minimal, valid one-page PDF that says which form belongs there, for downloadable
// forms the institute has yet to supply. Replace the file with the real form (same name) later.
// Usage: node scripts/placeholder-pdf.mjs <public/forms/name.pdf> "<form name>" ["<more text>"]
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const [out, title, ...more] = process.argv.slice(2);
if (!out?.endsWith('.pdf') || !title) {
  console.error('usage: node scripts/placeholder-pdf.mjs <file.pdf> "<form name>" ["<more text>"]');
  process.exit(1);
}

/** Text as a PDF string in WinAnsi encoding (the standard fonts' own): escapes and the dash. */
const pdfString = (text) =>
  '(' +
  [...text]
    .map((c) => {
      if (c === '—' || c === '–') return c === '—' ? '\\227' : '\\226';
      if (c === '(' || c === ')' || c === '\\') return `\\${c}`;
      return c.charCodeAt(0) < 128 ? c : '?';
    })
    .join('') +
  ')';

/** Splits a line into pieces of at most `width` characters at spaces. */
const wrap = (text, width) => {
  const lines = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && line.length + word.length + 1 > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
};

const lines = [
  { size: 18, text: 'Placeholder — the institute will supply this form:' },
  ...wrap(title, 48).map((text) => ({ size: 18, text })),
  ...more.flatMap((m) => wrap(m, 70).map((text) => ({ size: 12, text }))),
];
let y = 770;
const ops = ['BT'];
for (const { size, text } of lines) {
  ops.push(`/F1 ${size} Tf 1 0 0 1 56 ${y} Tm ${pdfString(text)} Tj`);
  y -= size * 1.5;
}
ops.push('ET');
const stream = ops.join('\n');

const objects = [
  '<< /Type /Catalog /Pages 2 0 R >>',
  '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
  '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
  '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
  `<< /Title ${pdfString(title)} >>`,
];

let body = '%PDF-1.4\n';
const offsets = [];
objects.forEach((object, i) => {
  offsets.push(Buffer.byteLength(body, 'latin1'));
  body += `${i + 1} 0 obj\n${object}\nendobj\n`;
});
const xref = Buffer.byteLength(body, 'latin1');
body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
body += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;

mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(out, body, 'latin1');
console.log(`${out}: ${Buffer.byteLength(body, 'latin1')} bytes`);

/**
 * Import students (/student-list/import, Owner and Counsellor): the template to download, the
 * office's file chosen (.xlsx read in this browser by read-excel-file, loaded only then; or CSV),
 * its rows checked by the server without saving (POST /api/admin/student-import/preview) and shown
 * with the bad rows first, each problem naming its row and column in words; "Import N students"
 * only when there is none (POST /api/admin/student-import: all or nothing, once per file), then
 * what was made, with links to each student's fees and the Student list. Choosing the corrected
 * file again checks it afresh.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useRef, useState } from 'react';
import { Link } from 'wouter';
import { ImportRequestSchema, problemLine, type ImportProblem, type ImportRequest } from '../../lib/schemas/student-import';
import { COLUMN_WORDS } from '../../lib/student-import/columns';
import { sheetRows, type SheetValue } from '../../lib/student-import/sheet-rows';
import { formatMobile } from '../../lib/mobile';
import { api, ApiError, messageOf } from '../api';
import { feesStudentPath, PATHS } from '../routes';
import DataTable, { type Columns } from '../ui/DataTable';
import PanelHeading from '../ui/PanelHeading';
import { cellsOfFile } from '../ui/sheet-file';
import { formatDay } from '../ui/dates';

const TEMPLATE = '/api/admin/student-import/template';

/** A row of the preview, as the server answers it. */
interface PreviewRow {
  row: number;
  name: string;
  mobile: string;
  course: string;
  batch: string;
  joinedOn: string;
  dues: number;
  bad: boolean;
}

/** POST /api/admin/student-import/preview's answer. */
interface Preview {
  count: number;
  problems: ImportProblem[];
  rows: PreviewRow[];
  already: { message: string } | null;
  batches: { name: string; students: number; dues: number }[];
}

/** POST /api/admin/student-import's answer. */
interface Imported {
  message: string;
  students: { id: string; name: string; batch: string | null }[];
}

type Stage =
  | { at: 'choose' }
  | { at: 'reading' }
  | { at: 'refused'; file: string; lines: string[] }
  | { at: 'preview'; request: ImportRequest; preview: Preview; examples: number }
  | { at: 'importing'; request: ImportRequest; preview: Preview; examples: number }
  | { at: 'done'; file: string; imported: Imported };

/** A day as the preview shows it: YYYY-MM-DD in words, anything else (a bad cell) as written. */
const dayShown = (value: string) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? formatDay(value) : value);

const READY_COLUMNS: Columns<PreviewRow & { _id: string }> = [
  { id: 'name', accessorKey: 'name', header: 'Name' },
  { id: 'row', accessorFn: (r) => String(r.row), header: 'Row' },
  { id: 'mobile', accessorFn: (r) => formatMobile(r.mobile), header: 'Mobile' },
  { id: 'course', accessorKey: 'course', header: 'Course' },
  { id: 'batch', accessorFn: (r) => r.batch || '—', header: 'Batch' },
  { id: 'joinedOn', accessorFn: (r) => dayShown(r.joinedOn), header: 'Joining day' },
  { id: 'dues', accessorFn: (r) => (r.dues ? String(r.dues) : '—'), header: 'Dues made' },
];

export default function StudentImport() {
  const id = useId();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [stage, setStage] = useState<Stage>({ at: 'choose' });

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setStage({ at: 'reading' });
    try {
      let cells: SheetValue[][];
      try {
        cells = await cellsOfFile(file);
      } catch {
        setStage({
          at: 'refused',
          file: file.name,
          lines: ['This file could not be read. Please choose an Excel workbook (.xlsx) or a CSV file, such as the template.'],
        });
        return;
      }
      const read = sheetRows(cells);
      if ('error' in read) {
        setStage({ at: 'refused', file: file.name, lines: [read.error] });
        return;
      }
      const parsed = ImportRequestSchema.safeParse({ fileName: file.name, rows: read.rows });
      if (!parsed.success) {
        setStage({ at: 'refused', file: file.name, lines: parsed.error.issues.map((issue) => issue.message) });
        return;
      }
      const preview = await api<Preview>('/api/admin/student-import/preview', { body: parsed.data });
      setStage({ at: 'preview', request: parsed.data, preview, examples: read.examples });
    } catch (error) {
      setStage({ at: 'refused', file: file.name, lines: [messageOf(error, 'The file could not be checked. Please try again.')] });
    }
  };

  const importNow = async () => {
    if (stage.at !== 'preview') return;
    setStage({ ...stage, at: 'importing' });
    try {
      const imported = await api<Imported>('/api/admin/student-import', { body: stage.request });
      setStage({ at: 'done', file: stage.request.fileName, imported });
      await queryClient.invalidateQueries({ queryKey: ['/api/students'] });
    } catch (error) {
      const problems = error instanceof ApiError && Array.isArray(error.data['problems']) ? (error.data['problems'] as ImportProblem[]) : null;
      const lines = problems ? problems.map(problemLine) : [messageOf(error, 'The students could not be imported. Please try again.')];
      setStage({ at: 'refused', file: stage.request.fileName, lines });
    }
  };

  const again = () => {
    setStage({ at: 'choose' });
    if (input.current) input.current.value = '';
    input.current?.focus();
  };

  return (
    <section className="admin-panel">
      <PanelHeading title="Import students">
        <Link className="btn btn--sm btn--outline" href={PATHS.studentList}>
          Student list
        </Link>
      </PanelHeading>

      <div className="admin-box admin-box--info">
        <h2 className="admin-subheading">1. Fill the template</h2>
        <p>
          One student on each row: name, mobile, e-mail, and their course or batch; the guardian, joining day and language if you have them. The template’s
          Instructions sheet names the courses and the batches open now. Students put in a batch owe its fee plan from their joining day.
        </p>
        <p className="btn-row">
          <a className="btn btn--sm btn--outline" href={TEMPLATE} download>
            Download the template (.xlsx)
          </a>
          <a className="btn btn--sm btn--outline" href={`${TEMPLATE}?format=csv`} download>
            Download as CSV
          </a>
        </p>
      </div>

      <div className="admin-box">
        <h2 className="admin-subheading">2. Choose the file</h2>
        <div className="form-field">
          <label htmlFor={`${id}-file`}>The students’ file (.xlsx or .csv)</label>
          <input
            ref={input}
            id={`${id}-file`}
            type="file"
            accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            aria-describedby={`${id}-file-hint`}
            disabled={stage.at === 'reading' || stage.at === 'importing'}
            onChange={(event) => void choose(event.target.files?.[0])}
          />
          <p id={`${id}-file-hint`} className="form-hint">
            Nothing is saved yet: every row is checked first. After correcting the file, choose it again.
          </p>
        </div>
        {stage.at === 'reading' && <p role="status">Reading and checking the file…</p>}
      </div>

      <div aria-live="polite">
        {stage.at === 'refused' && (
          <div className="admin-box admin-box--warning" role="alert">
            <h2 className="admin-subheading">{stage.file}: nothing was saved</h2>
            <ul>
              {stage.lines.map((line, i) => (
                <li key={i}>{line}</li>
              ))}
            </ul>
          </div>
        )}
        {(stage.at === 'preview' || stage.at === 'importing') && (
          <PreviewView stage={stage} onImport={() => void importNow()} busy={stage.at === 'importing'} />
        )}
        {stage.at === 'done' && <DoneView file={stage.file} imported={stage.imported} onAgain={again} />}
      </div>
    </section>
  );
}

/** The file's rows checked: problems first, then the rows ready, and the button when nothing is wrong. */
function PreviewView({ stage, onImport, busy }: { stage: Extract<Stage, { at: 'preview' | 'importing' }>; onImport: () => void; busy: boolean }) {
  const { preview, request, examples } = stage;
  const problemsByRow = useMemo(() => {
    const byRow = new Map<number, ImportProblem[]>();
    for (const p of preview.problems) byRow.set(p.row, [...(byRow.get(p.row) ?? []), p]);
    return byRow;
  }, [preview.problems]);
  const ready = useMemo(() => preview.rows.filter((r) => !r.bad).map((r) => ({ ...r, _id: String(r.row) })), [preview.rows]);
  const bad = preview.rows.filter((r) => r.bad);
  const n = preview.count;
  const students = n === 1 ? '1 student' : `${n} students`;
  const canImport = preview.problems.length === 0 && !preview.already;

  return (
    <>
      <div className={`admin-box ${canImport ? 'admin-box--info' : 'admin-box--warning'}`} role={canImport ? 'status' : 'alert'}>
        <h2 className="admin-subheading">3. Check and import</h2>
        <p>
          {request.fileName}: {students}
          {examples ? ` (the example row left out)` : ''}.{' '}
          {preview.already
            ? preview.already.message
            : preview.problems.length
              ? `${bad.length === 1 ? '1 row has' : `${bad.length} rows have`} ${preview.problems.length === 1 ? 'a problem' : `${preview.problems.length} problems`}. Please correct ${bad.length === 1 ? 'it' : 'them'} in the file and choose it again: nothing is imported until every row is right.`
              : 'Every row is right.'}
        </p>
        {canImport && preview.batches.length > 0 && (
          <ul>
            {preview.batches.map((b) => (
              <li key={b.name}>
                {b.name}: {b.students === 1 ? '1 student' : `${b.students} students`}, {b.dues === 1 ? '1 due' : `${b.dues} dues`} from the fee plan
              </li>
            ))}
          </ul>
        )}
        {canImport && (
          <button type="button" className="btn" onClick={onImport} disabled={busy}>
            {busy ? 'Importing…' : `Import ${students}`}
          </button>
        )}
      </div>

      {bad.length > 0 && (
        <>
          <h3 className="admin-subheading">Rows with problems ({bad.length})</h3>
          <ul className="admin-list">
            {bad.map((r) => (
              <li key={r.row} className="admin-list__item">
                <div className="admin-list__text">
                  <strong>
                    Row {r.row}
                    {r.name ? `: ${r.name}` : ''}
                  </strong>
                  <ul>
                    {(problemsByRow.get(r.row) ?? []).map((p, i) => (
                      <li key={i}>
                        {p.column ? `${COLUMN_WORDS[p.column]}: ` : ''}
                        {p.message}
                      </li>
                    ))}
                  </ul>
                </div>
              </li>
            ))}
          </ul>
        </>
      )}

      {ready.length > 0 && <DataTable caption={`Rows ready to import (${ready.length})`} label="Rows ready to import" columns={READY_COLUMNS} data={ready} />}
    </>
  );
}

/** What the import made, with links. */
function DoneView({ file, imported, onAgain }: { file: string; imported: Imported; onAgain: () => void }) {
  return (
    <div className="admin-box admin-box--info" role="status">
      <h2 className="admin-subheading">Imported from {file}</h2>
      <p>{imported.message}</p>
      <p className="btn-row">
        <Link className="btn btn--sm" href={PATHS.studentList}>
          Open the Student list
        </Link>
        <button type="button" className="btn btn--sm btn--outline" onClick={onAgain}>
          Import another file
        </button>
      </p>
      <ul className="admin-list">
        {imported.students.map((s) => (
          <li key={s.id} className="admin-list__item">
            <span className="admin-list__text">
              {s.name}
              <span className="admin-list__note">{s.batch ?? 'No batch'}</span>
            </span>
            <Link href={feesStudentPath(s.id)}>
              Fees<span className="sr-only"> of {s.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

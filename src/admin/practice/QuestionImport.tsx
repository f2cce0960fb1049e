/**
 * Import questions (/educater/questions/import, Owner and Teacher): the template to download, the
 * file chosen (.xlsx read in this browser by read-excel-file, loaded only then; or CSV), its rows
 * checked by the server without saving (POST /api/admin/practice/question-import/preview) with
 * every problem named by row and column in words; "Import N questions" only when there is none
 * (POST /api/admin/practice/question-import: all or nothing, once per file).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useRef, useState } from 'react';
import { Link } from 'wouter';
import {
  QUESTION_COLUMN_WORDS,
  QuestionImportRequestSchema,
  questionProblemLine,
  questionSheetRows,
  type QuestionImportProblem,
  type QuestionImportRequest,
} from '../../lib/schemas/question-import';
import { DIFFICULTY_LABELS, type Difficulty } from '../../lib/schemas/practice-questions';
import type { SheetValue } from '../../lib/student-import/sheet-rows';
import type { QuestionPreviewRow as PreviewRow } from '../../../functions/_shared/practice/question-import';
import { api, ApiError, messageOf } from '../api';
import { PATHS } from '../routes';
import PanelHeading from '../ui/PanelHeading';
import { cellsOfFile } from '../ui/sheet-file';

const TEMPLATE = '/api/admin/practice/question-import/template';

/** POST …/question-import/preview's answer. */
interface Preview {
  count: number;
  problems: QuestionImportProblem[];
  rows: PreviewRow[];
  already: { message: string } | null;
  chapters: { name: string; questions: number }[];
}

type Stage =
  | { at: 'choose' }
  | { at: 'reading' }
  | { at: 'refused'; file: string; lines: string[] }
  | { at: 'preview' | 'importing'; request: QuestionImportRequest; preview: Preview; examples: number }
  | { at: 'done'; file: string; message: string };

const count = (n: number) => (n === 1 ? '1 question' : `${n} questions`);

export default function QuestionImport() {
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
      const read = questionSheetRows(cells);
      if ('error' in read) {
        setStage({ at: 'refused', file: file.name, lines: [read.error] });
        return;
      }
      const parsed = QuestionImportRequestSchema.safeParse({ fileName: file.name, rows: read.rows });
      if (!parsed.success) {
        setStage({ at: 'refused', file: file.name, lines: parsed.error.issues.map((issue) => issue.message) });
        return;
      }
      const preview = await api<Preview>('/api/admin/practice/question-import/preview', { body: parsed.data });
      setStage({ at: 'preview', request: parsed.data, preview, examples: read.examples });
    } catch (error) {
      setStage({ at: 'refused', file: file.name, lines: [messageOf(error, 'The file could not be checked. Please try again.')] });
    }
  };

  const importNow = async () => {
    if (stage.at !== 'preview') return;
    setStage({ ...stage, at: 'importing' });
    try {
      const { message } = await api<{ message: string }>('/api/admin/practice/question-import', { body: stage.request });
      setStage({ at: 'done', file: stage.request.fileName, message });
      await queryClient.invalidateQueries({ queryKey: ['/api/admin/practice/questions'] });
    } catch (error) {
      const problems = error instanceof ApiError && Array.isArray(error.data['problems']) ? (error.data['problems'] as QuestionImportProblem[]) : null;
      setStage({
        at: 'refused',
        file: stage.request.fileName,
        lines: problems ? problems.map(questionProblemLine) : [messageOf(error, 'The questions could not be imported. Please try again.')],
      });
    }
  };

  const again = () => {
    setStage({ at: 'choose' });
    if (input.current) input.current.value = '';
    input.current?.focus();
  };

  return (
    <section className="admin-panel">
      <PanelHeading title="Import questions">
        <Link className="btn btn--sm btn--outline" href={PATHS.questions}>
          Question bank
        </Link>
      </PanelHeading>

      <div className="admin-box admin-box--info">
        <h2 className="admin-subheading">1. Fill the template</h2>
        <p>
          One question on each row: its course and chapter (as on the Add a Course screen), the difficulty, the question and 2 to 6 options in English and
          Hindi, the number of the right option (like 2, or 1,3), and the explanation in both languages if you have one. The template’s Instructions sheet names
          the courses and their chapters.
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
          <label htmlFor={`${id}-file`}>The questions’ file (.xlsx or .csv)</label>
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
        {(stage.at === 'preview' || stage.at === 'importing') && <PreviewView stage={stage} onImport={() => void importNow()} />}
        {stage.at === 'done' && (
          <div className="admin-box admin-box--info" role="status">
            <h2 className="admin-subheading">Imported from {stage.file}</h2>
            <p>{stage.message}</p>
            <p className="btn-row">
              <Link className="btn btn--sm" href={PATHS.questions}>
                Open the question bank
              </Link>
              <button type="button" className="btn btn--sm btn--outline" onClick={again}>
                Import another file
              </button>
            </p>
          </div>
        )}
      </div>
    </section>
  );
}

/** The file's rows checked: problems by row, then the rows ready, and the button when nothing is wrong. */
function PreviewView({ stage, onImport }: { stage: Extract<Stage, { at: 'preview' | 'importing' }>; onImport: () => void }) {
  const { preview, request, examples } = stage;
  const byRow = useMemo(() => {
    const map = new Map<number, QuestionImportProblem[]>();
    for (const p of preview.problems) map.set(p.row, [...(map.get(p.row) ?? []), p]);
    return map;
  }, [preview.problems]);
  const bad = preview.rows.filter((r) => r.bad);
  const ready = preview.rows.filter((r) => !r.bad);
  const canImport = preview.problems.length === 0 && !preview.already;

  return (
    <>
      <div className={`admin-box ${canImport ? 'admin-box--info' : 'admin-box--warning'}`} role={canImport ? 'status' : 'alert'}>
        <h2 className="admin-subheading">3. Check and import</h2>
        <p>
          {request.fileName}: {count(preview.count)}
          {examples ? ' (the example row left out)' : ''}.{' '}
          {preview.already
            ? preview.already.message
            : preview.problems.length
              ? `${bad.length === 1 ? '1 row has' : `${bad.length} rows have`} ${preview.problems.length === 1 ? 'a problem' : `${preview.problems.length} problems`}. Please correct ${bad.length === 1 ? 'it' : 'them'} in the file and choose it again: nothing is imported until every row is right.`
              : 'Every row is right.'}
        </p>
        {canImport && (
          <>
            <ul>
              {preview.chapters.map((c) => (
                <li key={c.name}>
                  {c.name}: {count(c.questions)}
                </li>
              ))}
            </ul>
            <button type="button" className="btn" onClick={onImport} disabled={stage.at === 'importing'}>
              {stage.at === 'importing' ? 'Importing…' : `Import ${count(preview.count)}`}
            </button>
          </>
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
                    {r.textEn ? `: ${r.textEn}` : ''}
                  </strong>
                  <ul>
                    {(byRow.get(r.row) ?? []).map((p, i) => (
                      <li key={i}>
                        {p.column ? `${QUESTION_COLUMN_WORDS[p.column]}: ` : ''}
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

      {ready.length > 0 && (
        <>
          <h3 className="admin-subheading">Rows ready to import ({ready.length})</h3>
          <ul className="admin-list">
            {ready.map((r) => (
              <li key={r.row} className="admin-list__item">
                <div className="admin-list__text">
                  <strong>
                    Row {r.row}: {r.textEn}
                  </strong>
                  <span className="admin-list__note" lang="hi">
                    {r.textHi}
                  </span>
                  <span className="admin-list__note">
                    {r.course} · {r.chapter} · {DIFFICULTY_LABELS[r.difficulty as Difficulty] ?? r.difficulty} · {r.options} options · right: {r.correct}
                  </span>
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}

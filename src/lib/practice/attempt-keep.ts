/**
 * An attempt kept on the phone (decision 052), so that a lost connection, a closed tab, a reload
 * or a restart loses nothing: the paper (written once; it holds no right answers, so keeping it is
 * safe), and beside it, small and written at every answer, the answers, those not yet sent, where
 * the student was and the server clock's offset. localStorage, because it is written at the very
 * moment of the tap and read before the first frame; a phone that refuses storage keeps the attempt
 * for as long as the page stays open.
 */
import type { Paper } from '../schemas/practice-attempts';
import type { Answers } from './answer-queue';

/** What changes while the student answers. */
export interface AttemptState {
  answers: Answers;
  unsent: Answers;
  /** The question on screen (its position). */
  position: number;
  /** How far the server's clock is ahead of the phone's (ms). */
  offset: number;
  /** The student asked to submit while offline: send it as soon as the phone is online. */
  submitWanted?: boolean;
  /** How many answers were still on the phone when the time ran out (null: not yet run out). */
  unsentAtDeadline?: number | null;
}

const paperKey = (id: string) => `practice-paper:${id}`;
const stateKey = (id: string) => `practice-state:${id}`;
/** Where the student's choice of languages (both, English, Hindi) is kept. */
export const VIEW_KEY = 'practice-view';

function store(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function read<T>(key: string): T | null {
  try {
    const text = store()?.getItem(key);
    return text ? (JSON.parse(text) as T) : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): boolean {
  try {
    store()?.setItem(key, typeof value === 'string' ? value : JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

/** The paper kept for attempt `id`, or null. */
export const keptPaper = (id: string): Paper | null => read<Paper>(paperKey(id));
/** The answers and place kept for attempt `id`, or null. */
export const keptState = (id: string): AttemptState | null => read<AttemptState>(stateKey(id));
/** Keeps the paper (once, when it arrives). */
export const keepPaper = (paper: Paper): boolean => write(paperKey(paper.attemptId), paper);
/** Keeps the answers and place (at every answer). */
export const keepState = (id: string, state: AttemptState): boolean => write(stateKey(id), state);
/** Forgets attempt `id` once the server has it submitted. */
export function forgetAttempt(id: string) {
  store()?.removeItem(paperKey(id));
  store()?.removeItem(stateKey(id));
}

/** The remembered choice of languages. */
export const keptView = (): 'both' | 'en' | 'hi' => {
  const view = store()?.getItem(VIEW_KEY);
  return view === 'en' || view === 'hi' ? view : 'both';
};
/** Remembers the choice of languages. */
export const keepView = (view: 'both' | 'en' | 'hi') => write(VIEW_KEY, view);

/** The state of a paper just received (the start's answer or a first load), its clock read at `receivedAt` by the phone. */
export function initialState(paper: Paper, receivedAt: number): AttemptState {
  const answers: Answers = {};
  for (const answer of paper.answers) answers[answer.position] = answer;
  return { answers, unsent: {}, position: paper.questions[0]?.position ?? 1, offset: Date.parse(paper.serverNow) - receivedAt, unsentAtDeadline: null };
}

/**
 * An attempt being taken (decision 052): the paper and the answers kept on the phone from the first
 * tap, sent in the background in batches (PUT …/answers), again after a failure with a growing wait
 * and at once when the phone comes back online, never in the student's way; the time running out;
 * the submission. The paper comes once — from the phone when it is kept there (even offline), else
 * from GET …/attempts/{id} — and is not asked for again.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { getLocale } from '../../paraglide/runtime.js';
import { afterSent, batchOf, mergeAnswer, MOST_PER_REQUEST, retryDelay } from '../../lib/practice/answer-queue';
import { forgetAttempt, initialState, keepPaper, keepState, keptPaper, keptState, type AttemptState } from '../../lib/practice/attempt-keep';
import { clockOffset } from '../../lib/practice/countdown';
import type { Answer, AnswersSaved, Paper } from '../../lib/schemas/practice-attempts';
import { readStored, refused, TOKEN_KEY } from '../../stores/auth';
import { resultPath, send } from './send';

/** How long answers given in quick succession wait to go together. */
const BATCH_WAIT_MS = 1_000;

/** Where the page stands. */
export type Phase =
  | { kind: 'loading' }
  | { kind: 'noId' }
  | { kind: 'signedOut' }
  | { kind: 'notOnPhone' }
  | { kind: 'failed'; message: string }
  | { kind: 'taking'; paper: Paper };

/** How it ended, or is ending: the page shows it in words. */
export type Ending =
  | { kind: 'submitting' }
  | { kind: 'waitingOnline' }
  | { kind: 'failed' }
  /** The time ran out offline: the server submits with what reached it; `unsent` had not. */
  | { kind: 'timeUpOffline'; unsent: number }
  /** The server said the time had ended (409): submitted at the deadline. */
  | { kind: 'deadline' };

export function useAttempt(id: string | null) {
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  const [state, setState] = useState<AttemptState | null>(null);
  const [online, setOnline] = useState(true);
  const [timeUp, setTimeUp] = useState(false);
  const [ending, setEnding] = useState<Ending | null>(null);
  const stateRef = useRef<AttemptState | null>(null);
  const sending = useRef(false);
  const failures = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const over = useRef(false);

  /** Changes the kept state: on the phone first, then on screen. */
  const update = useCallback(
    (change: (state: AttemptState) => AttemptState) => {
      if (!id || !stateRef.current) return;
      const next = change(stateRef.current);
      stateRef.current = next;
      keepState(id, next);
      setState(next);
    },
    [id],
  );

  const signOut = () => {
    const token = readStored(TOKEN_KEY);
    if (token) refused(token);
    setPhase({ kind: 'signedOut' });
  };

  /** The server has the attempt submitted: the phone's copy goes, the result comes. */
  const finished = (kind: 'result' | 'deadline') => {
    if (!id) return;
    forgetAttempt(id);
    if (kind === 'result') location.assign(resultPath(id, getLocale()));
    else setEnding({ kind: 'deadline' });
  };

  const submit = useCallback(async () => {
    const current = stateRef.current;
    if (!id || !current) return;
    if (!navigator.onLine) {
      if (over.current) setEnding({ kind: 'timeUpOffline', unsent: current.unsentAtDeadline ?? Object.keys(current.unsent).length });
      else {
        update((s) => ({ ...s, submitWanted: true }));
        setEnding({ kind: 'waitingOnline' });
      }
      return;
    }
    setEnding({ kind: 'submitting' });
    clearTimeout(timer.current);
    const result = await send('POST', `/api/tests/attempts/${encodeURIComponent(id)}/submit`, { answers: batchOf(current.unsent, MOST_PER_REQUEST) });
    if (result.ok) finished('result');
    else if (result.status === 409) finished('deadline');
    else if (result.status === 401) signOut();
    else if (result.status === 0) {
      if (over.current) setEnding({ kind: 'timeUpOffline', unsent: current.unsentAtDeadline ?? Object.keys(current.unsent).length });
      else {
        update((s) => ({ ...s, submitWanted: true }));
        setEnding({ kind: 'waitingOnline' });
      }
    } else setEnding({ kind: 'failed' });
    // `finished` and `signOut` read only the attempt's id and setters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, update]);

  /** Sends what waits, if anything and if it can; a failure tries again later. */
  const flush = useCallback(async () => {
    clearTimeout(timer.current);
    const current = stateRef.current;
    if (!id || !current || sending.current || over.current || !navigator.onLine) return;
    const batch = batchOf(current.unsent, MOST_PER_REQUEST);
    if (!batch.length) return;
    sending.current = true;
    const result = await send<AnswersSaved>('PUT', `/api/tests/attempts/${encodeURIComponent(id)}/answers`, { answers: batch });
    sending.current = false;
    if (result.ok) {
      failures.current = 0;
      const receivedAt = Date.now();
      update((s) => ({
        ...s,
        unsent: afterSent(s.unsent, batch),
        offset: typeof result.data.serverNow === 'string' ? clockOffset(result.data.serverNow, receivedAt) : s.offset,
      }));
      if (Object.keys(stateRef.current?.unsent ?? {}).length) timer.current = setTimeout(() => void flush(), BATCH_WAIT_MS);
    } else if (result.status === 409) {
      // The server's time is up: what reached it is all that counts.
      over.current = true;
      setTimeUp(true);
      finished('deadline');
    } else if (result.status === 401) signOut();
    else {
      failures.current += 1;
      timer.current = setTimeout(() => void flush(), retryDelay(failures.current, Math.random()));
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, update]);

  // The paper: from the phone when kept there, else from the server (once).
  useEffect(() => {
    if (!id) return setPhase({ kind: 'noId' });
    if (!readStored(TOKEN_KEY)) return setPhase({ kind: 'signedOut' });
    setOnline(navigator.onLine);
    const adopt = (paper: Paper, kept: AttemptState) => {
      stateRef.current = kept;
      keepState(id, kept);
      setState(kept);
      setPhase({ kind: 'taking', paper });
    };
    const paper = keptPaper(id);
    if (paper) return adopt(paper, keptState(id) ?? initialState(paper, Date.now()));
    let live = true;
    void send<Paper>('GET', `/api/tests/attempts/${encodeURIComponent(id)}`).then((result) => {
      if (!live) return;
      if (result.ok && Array.isArray(result.data.questions)) {
        if (result.data.submittedAt) return finished('result');
        keepPaper(result.data);
        adopt(result.data, initialState(result.data, Date.now()));
      } else if (result.status === 0) setPhase({ kind: 'notOnPhone' });
      else if (result.status === 401) signOut();
      else setPhase({ kind: 'failed', message: result.data.message ?? '' });
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);

  // Online again: send what waits, or the submission asked for meanwhile.
  useEffect(() => {
    const wake = () => {
      setOnline(true);
      failures.current = 0;
      if (over.current || stateRef.current?.submitWanted) void submit();
      else void flush();
    };
    const sleep = () => setOnline(false);
    addEventListener('online', wake);
    addEventListener('offline', sleep);
    return () => {
      removeEventListener('online', wake);
      removeEventListener('offline', sleep);
      clearTimeout(timer.current);
    };
  }, [flush, submit]);

  // Once taking: anything left from before (a reload, a restart) goes now.
  const taking = phase.kind === 'taking';
  useEffect(() => {
    if (!taking) return;
    if (stateRef.current?.submitWanted) void submit();
    else void flush();
  }, [taking, flush, submit]);

  /** The student answered (or cleared, or marked): kept now, sent soon. */
  const answer = (position: number, chosen: number[], review: boolean) => {
    if (over.current) return;
    const given: Answer = { position, chosen, review, at: new Date().toISOString() };
    update((s) => ({ ...s, answers: mergeAnswer(s.answers, given), unsent: mergeAnswer(s.unsent, given) }));
    clearTimeout(timer.current);
    if (!sending.current) timer.current = setTimeout(() => void flush(), BATCH_WAIT_MS);
  };

  const goTo = (position: number) => update((s) => ({ ...s, position }));

  /** The clock reached 0: no more answers; submitted now if online, else the server does it at the deadline. */
  const onTimeUp = useCallback(() => {
    if (over.current) return;
    over.current = true;
    setTimeUp(true);
    clearTimeout(timer.current);
    const unsent = Object.keys(stateRef.current?.unsent ?? {}).length;
    update((s) => ({ ...s, unsentAtDeadline: s.unsentAtDeadline ?? unsent }));
    void submit();
  }, [submit, update]);

  return { phase, state, online, timeUp, ending, answer, goTo, submit, onTimeUp };
}

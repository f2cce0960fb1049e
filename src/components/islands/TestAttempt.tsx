/**
 * /tests/attempt?id=…: taking a practice test on a phone (decision 052). One question at a time in
 * both languages or one (the student's choice, remembered), the server's clock counting down, a
 * palette of every question (answered ✓, marked for review ⚑, not answered ○ — a symbol and words,
 * not only a colour), Previous / Next / Mark for review / Clear, and Submit with the counts. Every
 * answer is kept on the phone at once and sent in the background (use-attempt.ts); the page and its
 * scripts stay on the phone through a small service worker (public/tests-sw.js), so the attempt
 * reopens where it was even offline. Hydrated by `client:session`.
 */
import { useEffect, useId, useRef, useState } from 'react';
import {
  tests_back,
  tests_chapter,
  tests_choose_many,
  tests_clear,
  tests_confirm_note,
  tests_confirm_title,
  tests_count_answered,
  tests_count_not_answered,
  tests_count_review,
  tests_count_unsent,
  tests_deadline_passed,
  tests_for_review,
  tests_go_back,
  tests_mark_review,
  tests_minute_left,
  tests_minutes_left,
  tests_next,
  tests_no_id,
  tests_not_answered,
  tests_not_on_phone,
  tests_offline,
  tests_open_failed,
  tests_opening,
  tests_answered,
  tests_palette,
  tests_palette_answered,
  tests_palette_answered_review,
  tests_palette_not_answered,
  tests_palette_review,
  tests_palette_summary,
  tests_picture,
  tests_previous,
  tests_question_of,
  tests_saved_all,
  tests_see_your_result,
  tests_submit,
  tests_submit_failed,
  tests_submit_now,
  tests_submit_offline,
  tests_submitting,
  tests_time_left,
  tests_time_up_all_sent,
  tests_time_up_offline,
  tests_time_up_online,
  tests_view_both,
  tests_view_label,
  tests_waiting_many,
  tests_waiting_one,
} from '../../i18n/messages';
import { pathIn } from '../../i18n/locales';
import { getLocale } from '../../paraglide/runtime.js';
import { answerCounts, isAnswered } from '../../lib/practice/answer-queue';
import { keepView, keptView } from '../../lib/practice/attempt-keep';
import { crossedMinute, formatClock, remainingMs } from '../../lib/practice/countdown';
import { keepForOffline } from '../../lib/practice/offline-shell';
import type { BothLanguages, Paper, PaperQuestion } from '../../lib/schemas/practice-attempts';
import { resultPath } from '../tests/send';
import { useAttempt, type Ending } from '../tests/use-attempt';

type View = 'both' | 'en' | 'hi';

/** A text in the languages chosen, each marked with its own. */
function Words({ text, view }: { text: BothLanguages; view: View }) {
  return (
    <>
      {view !== 'hi' && (
        <span lang="en-IN" className="words">
          {text.en}
        </span>
      )}
      {view === 'both' && ' '}
      {view !== 'en' && (
        <span lang="hi-IN" className="words">
          {text.hi}
        </span>
      )}
    </>
  );
}

/** The time left by the server's clock, announced politely at 10 and 1 minutes, never every second. */
function Clock({ deadlineAt, offset, onTimeUp }: { deadlineAt: string; offset: number; onTimeUp: () => void }) {
  const [left, setLeft] = useState(() => remainingMs(deadlineAt, offset, Date.now()));
  const [said, setSaid] = useState('');
  const timeUp = useRef(onTimeUp);
  timeUp.current = onTimeUp;
  useEffect(() => {
    let before = remainingMs(deadlineAt, offset, Date.now());
    const tick = () => {
      const now = remainingMs(deadlineAt, offset, Date.now());
      const crossed = crossedMinute(before, now);
      if (crossed) setSaid(crossed === 1 ? tests_minute_left() : tests_minutes_left({ count: crossed }));
      before = now;
      setLeft(now);
      if (now === 0) {
        clearInterval(every);
        timeUp.current();
      }
    };
    const every = setInterval(tick, 1000);
    tick();
    return () => clearInterval(every);
  }, [deadlineAt, offset]);
  return (
    <p className="clock">
      <span className="clock__label">{tests_time_left()}</span>{' '}
      <span role="timer" className={`clock__time${left < 60_000 ? ' clock__time--last' : ''}`}>
        {formatClock(left)}
      </span>
      <span className="sr-only" aria-live="polite">
        {said}
      </span>
    </p>
  );
}

/** What the status line says about the answers' way to the server. */
function sendingWords(unsent: number, online: boolean): string {
  if (!online) return tests_offline();
  if (unsent === 0) return tests_saved_all();
  return unsent === 1 ? tests_waiting_one() : tests_waiting_many({ count: unsent });
}

/** What the page says once the time is up or the test is being submitted. */
function endingWords(ending: Ending): string {
  switch (ending.kind) {
    case 'submitting':
      return tests_submitting();
    case 'waitingOnline':
      return tests_submit_offline();
    case 'failed':
      return tests_submit_failed();
    case 'deadline':
      return tests_deadline_passed();
    case 'timeUpOffline':
      return ending.unsent ? tests_time_up_offline({ count: ending.unsent }) : tests_time_up_all_sent();
  }
}

function Question({
  question,
  count,
  view,
  chosen,
  locked,
  onChoose,
  headingRef,
}: {
  question: PaperQuestion;
  count: number;
  view: View;
  chosen: number[];
  locked: boolean;
  onChoose: (chosen: number[]) => void;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
}) {
  const id = useId();
  const { position, multiple } = question;
  const toggle = (option: number, on: boolean) => {
    if (!multiple) return onChoose(on ? [option] : []);
    onChoose(on ? [...chosen, option].sort((a, b) => a - b) : chosen.filter((c) => c !== option));
  };
  return (
    <section className="question" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} className="question__number" tabIndex={-1} ref={headingRef}>
        {tests_question_of({ number: position, count })}
      </h2>
      <p className="question__chapter">{tests_chapter({ title: getLocale() === 'hi' ? question.chapter.hi : question.chapter.en })}</p>
      {question.picture && <img className="question__picture" src={question.picture} alt={tests_picture({ number: position })} loading="lazy" />}
      <fieldset className="question__options" disabled={locked}>
        <legend className={`question__text question__text--${view}`}>
          <Words text={question.text} view={view} />
        </legend>
        {multiple && <p className="question__hint">{tests_choose_many()}</p>}
        {question.options.map((option) => (
          <label key={option.id} className="option">
            <input
              type={multiple ? 'checkbox' : 'radio'}
              name={`${id}-q${position}`}
              checked={chosen.includes(option.id)}
              onChange={(event) => toggle(option.id, event.currentTarget.checked)}
            />
            <span className={`option__text option__text--${view}`}>
              <Words text={option} view={view} />
            </span>
          </label>
        ))}
      </fieldset>
    </section>
  );
}

function Taking({ paper, attempt }: { paper: Paper; attempt: ReturnType<typeof useAttempt> }) {
  const id = useId();
  const { state, online, timeUp, ending, answer, goTo, submit, onTimeUp } = attempt;
  const [view, setView] = useState<View>('both');
  const dialog = useRef<HTMLDialogElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  useEffect(() => setView(keptView()), []);
  useEffect(() => {
    if (moved.current) heading.current?.focus();
  }, [state?.position]);
  if (!state) return null;

  const questions = paper.questions;
  const index = Math.max(
    0,
    questions.findIndex((q) => q.position === state.position),
  );
  const question = questions[index]!;
  const given = state.answers[question.position];
  const counts = answerCounts(state.answers, state.unsent, questions.length);
  const locked = timeUp || ending !== null;
  const title = getLocale() === 'hi' ? paper.test.title.hi : paper.test.title.en;
  const move = (position: number) => {
    moved.current = true;
    goTo(position);
  };
  const choose = (next: View) => {
    setView(next);
    keepView(next);
  };

  return (
    <div className="attempt">
      <div className="attempt__bar">
        <p className="attempt__title">{title}</p>
        <Clock deadlineAt={paper.deadlineAt} offset={state.offset} onTimeUp={onTimeUp} />
      </div>
      <p className="attempt__sending">{sendingWords(counts.unsent, online)}</p>
      {ending && (
        <div className="attempt__ending card" role="alert">
          <p>{timeUp && ending.kind === 'submitting' ? tests_time_up_online() : endingWords(ending)}</p>
          {ending.kind === 'deadline' && (
            <a className="btn" href={resultPath(paper.attemptId, getLocale())}>
              {tests_see_your_result()}
            </a>
          )}
        </div>
      )}

      <fieldset className="attempt__view">
        <legend>{tests_view_label()}</legend>
        {(['both', 'en', 'hi'] as const).map((option) => (
          <label key={option} className="attempt__view-choice">
            <input type="radio" name={`${id}-view`} checked={view === option} onChange={() => choose(option)} />
            {option === 'both' ? tests_view_both() : option === 'en' ? <span lang="en-IN">English</span> : <span lang="hi-IN">हिंदी</span>}
          </label>
        ))}
      </fieldset>

      <Question
        key={question.position}
        question={question}
        count={questions.length}
        view={view}
        chosen={given?.chosen ?? []}
        locked={locked}
        onChoose={(chosen) => answer(question.position, chosen, given?.review ?? false)}
        headingRef={heading}
      />

      <div className="attempt__moves">
        <button type="button" className="btn btn--outline" disabled={index === 0} onClick={() => move(questions[index - 1]!.position)}>
          {tests_previous()}
        </button>
        <button type="button" className="btn" disabled={index === questions.length - 1} onClick={() => move(questions[index + 1]!.position)}>
          {tests_next()}
        </button>
        <button
          type="button"
          className="btn btn--outline"
          aria-pressed={given?.review ?? false}
          disabled={locked}
          onClick={() => answer(question.position, given?.chosen ?? [], !(given?.review ?? false))}
        >
          {given?.review ? '⚑ ' : ''}
          {tests_mark_review()}
        </button>
        <button
          type="button"
          className="btn btn--outline"
          disabled={locked || !isAnswered(given)}
          onClick={() => answer(question.position, [], given?.review ?? false)}
        >
          {tests_clear()}
        </button>
      </div>

      <details className="palette">
        <summary>{tests_palette_summary({ answered: counts.answered, review: counts.review, notAnswered: counts.notAnswered })}</summary>
        <p className="palette__key">
          <span aria-hidden="true">✓</span> {tests_answered()} · <span aria-hidden="true">⚑</span> {tests_for_review()} · <span aria-hidden="true">○</span>{' '}
          {tests_not_answered()}
        </p>
        <nav aria-label={tests_palette()}>
          <ol className="palette__list">
            {questions.map((q) => {
              const a = state.answers[q.position];
              const done = isAnswered(a);
              const label = (
                done && a?.review
                  ? tests_palette_answered_review
                  : done
                    ? tests_palette_answered
                    : a?.review
                      ? tests_palette_review
                      : tests_palette_not_answered
              )({
                number: q.position,
              });
              return (
                <li key={q.position}>
                  <button
                    type="button"
                    className={`palette__item${done ? ' palette__item--done' : ''}${a?.review ? ' palette__item--review' : ''}`}
                    aria-label={label}
                    aria-current={q.position === question.position ? 'step' : undefined}
                    onClick={() => move(q.position)}
                  >
                    {q.position}
                    <span aria-hidden="true" className="palette__mark">
                      {a?.review ? '⚑' : done ? '✓' : '○'}
                    </span>
                  </button>
                </li>
              );
            })}
          </ol>
        </nav>
      </details>

      <p className="attempt__submit">
        <button type="button" className="btn btn--accent" disabled={locked && ending?.kind !== 'failed'} onClick={() => dialog.current?.showModal()}>
          {tests_submit()}
        </button>
      </p>

      <dialog ref={dialog} className="confirm" aria-labelledby={`${id}-confirm`}>
        <h2 id={`${id}-confirm`}>{tests_confirm_title()}</h2>
        <ul className="confirm__counts">
          <li>{tests_count_answered({ count: counts.answered })}</li>
          <li>{tests_count_not_answered({ count: counts.notAnswered })}</li>
          <li>{tests_count_review({ count: counts.review })}</li>
          <li>{tests_count_unsent({ count: counts.unsent })}</li>
        </ul>
        <p>{tests_confirm_note()}</p>
        <div className="btn-row">
          <button
            type="button"
            className="btn btn--accent"
            onClick={() => {
              dialog.current?.close();
              void submit();
            }}
          >
            {tests_submit_now()}
          </button>
          <button type="button" className="btn btn--outline" onClick={() => dialog.current?.close()}>
            {tests_go_back()}
          </button>
        </div>
      </dialog>
    </div>
  );
}

export default function TestAttempt() {
  const [id, setId] = useState<string | null | undefined>(undefined);
  useEffect(() => setId(new URLSearchParams(location.search).get('id')), []);
  const attempt = useAttempt(id === undefined ? null : id);
  const { phase } = attempt;
  const taking = phase.kind === 'taking';
  useEffect(() => {
    if (taking) keepForOffline();
  }, [taking]);
  if (id === undefined || phase.kind === 'loading') {
    return (
      <p className="profile__note" role="status">
        {tests_opening()}
      </p>
    );
  }
  if (phase.kind === 'taking') return <Taking paper={phase.paper} attempt={attempt} />;
  // A refused session: the page's gate (AuthGate) explains and offers the login.
  if (phase.kind === 'signedOut') return null;
  const words = phase.kind === 'noId' ? tests_no_id() : phase.kind === 'notOnPhone' ? tests_not_on_phone() : phase.message || tests_open_failed();
  return (
    <div className="card">
      <p role="alert">{words}</p>
      <a className="btn btn--outline" href={pathIn('/tests', getLocale())}>
        {tests_back()}
      </a>
    </div>
  );
}

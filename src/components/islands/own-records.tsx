/**
 * A signed-in student's own records on /account (their classes, their fees): asked for once the
 * page's first frame is on screen (docs/decisions/008-records-after-first-paint.md), with the
 * session's token, and shown as loading, failed (with Try again) or loaded. `complete` says whether
 * an answer has every list the section reads; asking again after a change keeps what is shown if
 * that answer fails.
 */
import { useEffect, useState } from 'react';
import { account_try_again } from '../../i18n/messages';
import { afterFirstPaint } from '../../lib/after-paint';
import { getJson } from '../../lib/api';
import { TOKEN_KEY, readStored } from '../../stores/auth';

export type Loaded<T> = { state: 'loading' } | { state: 'failed' } | { state: 'done'; data: T };

/** The records at `path`; `reload` asks again quietly, `retry` shows Loading first. */
export function useOwnRecords<T>(path: string, complete: (data: T) => boolean) {
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    afterFirstPaint(() => {
      void getJson<T>(path, { token: readStored(TOKEN_KEY) ?? '' }).then(({ ok, data }) => {
        if (!live) return;
        setLoaded((was) => (ok && complete(data) ? { state: 'done', data } : was.state === 'done' ? was : { state: 'failed' }));
      });
    });
    return () => {
      live = false;
    };
    // `complete` is a check of the answer's shape, the same on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [path, attempt]);

  const reload = () => setAttempt((n) => n + 1);
  const retry = () => {
    setLoaded({ state: 'loading' });
    reload();
  };
  return { loaded, reload, retry };
}

interface NotLoadedProps {
  state: 'loading' | 'failed';
  /** What is said while loading: 'Loading your fees…'. */
  loading: string;
  /** What is said when it failed: 'Your fees could not be loaded.' */
  failed: string;
  onRetry: () => void;
}

/** The line shown while the records load, or when they failed, with Try again. */
export function NotLoaded({ state, loading, failed, onRetry }: NotLoadedProps) {
  if (state === 'loading') {
    return (
      <p className="profile__note" role="status">
        {loading}
      </p>
    );
  }
  return (
    <p className="profile__note" role="status">
      {failed}{' '}
      <button type="button" className="btn btn--sm btn--outline" onClick={onRetry}>
        {account_try_again()}
      </button>
    </p>
  );
}

/**
 * Update Notification (/notification): the announcement line of every public page. A preview of
 * the line as visitors see it (the newest message scrolling; still, and wrapped, for people who
 * ask for reduced motion), the list with Delete (after a question naming the message), and a box
 * to add one with an optional end date: the last day, India's, it is shown; after it the line
 * stops showing it and the list marks it Ended. A blank or whitespace-only message is not sent. While a request runs every button is disabled ('Adding...'). Messages are
 * the spec's: 'Error fetching messages.', 'Message added.', 'Failed to add message.',
 * 'Message deleted.', 'Failed to delete message.'.
 */
// First: the schema below must be built without generated code (CSP).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast/headless';
import { MARQUEE_MAX, MarqueeMessageSchema, type MarqueeListing } from '../../lib/schemas/marquee';
import { indiaToday } from '../../lib/schemas/real-day';
import { api, ApiError } from '../api';
import { useAppInfo } from '../app-info';
import { useDraft } from '../drafts';
import { useConfirm } from '../ui/ConfirmDialog';
import { formatDay } from '../ui/dates';
import PanelHeading from '../ui/PanelHeading';

const KEY = ['marquee'];

export default function Notifications() {
  const id = useId();
  const { announcementDefault } = useAppInfo();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const [text, setText] = useState('');
  const [endsOn, setEndsOn] = useState('');
  const [fieldError, setFieldError] = useState('');
  const [endsOnError, setEndsOnError] = useState('');
  useDraft<{ text: string; endsOn: string }>(
    'marquee:new',
    'announcement',
    () => (text.trim() ? { text, endsOn } : null),
    (draft) => {
      setText(draft.text);
      setEndsOn(draft.endsOn);
    },
  );
  const [paused, setPaused] = useState(false);

  const list = useQuery({ queryKey: KEY, queryFn: () => api<MarqueeListing[]>('/api/marquee?all=1') });
  useEffect(() => {
    if (list.isError) toast.error('Error fetching messages.', { id: 'marquee-list' });
  }, [list.isError]);

  const add = useMutation({
    mutationFn: (body: { message: string; endsOn: string | null }) => api<{ message: string; item: MarqueeListing }>('/api/marquee', { body }),
    onSuccess: () => {
      toast.success('Message added.');
      setText('');
      setEndsOn('');
      return queryClient.invalidateQueries({ queryKey: KEY });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.data.errors?.['message']) setFieldError(error.data.errors['message']);
      if (error instanceof ApiError && error.data.errors?.['endsOn']) setEndsOnError(error.data.errors['endsOn']);
      toast.error('Failed to add message.');
    },
  });

  const remove = useMutation({
    mutationFn: (messageId: string) => api<{ message: string }>(`/api/marquee/${encodeURIComponent(messageId)}`, { method: 'DELETE' }),
    onSuccess: () => {
      toast.success('Message deleted.');
      return queryClient.invalidateQueries({ queryKey: KEY });
    },
    onError: () => toast.error('Failed to delete message.'),
  });

  const busy = add.isPending || remove.isPending;
  const messages = list.data ?? [];
  const current = messages.find((item) => !item.ended);
  const shown = current?.message ?? announcementDefault;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const parsed = MarqueeMessageSchema.safeParse({ message: text, endsOn });
    // Blank or whitespace-only, or an end date passed: nothing is sent.
    if (!parsed.success) {
      const problems = Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]).reverse());
      setFieldError(problems['message'] ?? '');
      setEndsOnError(problems['endsOn'] ?? '');
      return;
    }
    setFieldError('');
    setEndsOnError('');
    add.mutate({ message: parsed.data.message, endsOn: parsed.data.endsOn });
  };

  const askToRemove = async (item: MarqueeListing) => {
    if (busy || !(await confirm(`Are you sure you want to delete the message “${item.message}”?`))) return;
    remove.mutate(item._id);
  };

  return (
    <section className="admin-panel">
      <PanelHeading title="Update Notification" />
      <p>
        The announcement line at the top of every page of the site shows the newest message still running; with none, it shows the default text. A message with
        an end date stops showing after that day (India time).
      </p>

      <h2 className="admin-subheading">Preview</h2>
      <div className={`admin-preview${paused ? ' is-paused' : ''}`}>
        <span className="admin-preview__label">News</span>
        <div className="admin-preview__viewport">
          <p className="admin-preview__track">{list.isPending ? 'Loading…' : shown}</p>
        </div>
        <button type="button" className="admin-preview__toggle" aria-pressed={paused} onClick={() => setPaused((p) => !p)}>
          {paused ? 'Play' : 'Pause'}
          <span className="sr-only"> the preview</span>
        </button>
      </div>

      <h2 className="admin-subheading">Add a message</h2>
      <form className="admin-form admin-form--inline" noValidate onSubmit={submit}>
        <div className="form-field">
          <label htmlFor={`${id}-message`}>New message</label>
          <input
            id={`${id}-message`}
            type="text"
            value={text}
            maxLength={MARQUEE_MAX}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={`${id}-hint${fieldError ? ` ${id}-error` : ''}`}
            onChange={(event) => {
              setText(event.target.value);
              if (fieldError) setFieldError('');
            }}
          />
          <p className="form-hint" id={`${id}-hint`}>
            Up to {MARQUEE_MAX} characters; {MARQUEE_MAX - text.length} left.
          </p>
          {fieldError && (
            <p className="form-error" id={`${id}-error`}>
              {fieldError}
            </p>
          )}
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-ends`}>Last day shown (optional)</label>
          <input
            id={`${id}-ends`}
            type="date"
            value={endsOn}
            min={indiaToday()}
            aria-invalid={endsOnError ? true : undefined}
            aria-describedby={`${id}-ends-hint${endsOnError ? ` ${id}-ends-error` : ''}`}
            onChange={(event) => {
              setEndsOn(event.target.value);
              if (endsOnError) setEndsOnError('');
            }}
          />
          <p className="form-hint" id={`${id}-ends-hint`}>
            Leave empty to show it until you delete it.
          </p>
          {endsOnError && (
            <p className="form-error" id={`${id}-ends-error`}>
              {endsOnError}
            </p>
          )}
        </div>
        <button type="submit" className="btn" disabled={busy}>
          {add.isPending ? 'Adding...' : 'Add'}
        </button>
      </form>

      <h2 className="admin-subheading" id={`${id}-list`}>
        Messages
      </h2>
      {list.isError ? (
        <p className="form-error">Error fetching messages.</p>
      ) : list.isPending ? (
        <p role="status">Loading messages…</p>
      ) : messages.length === 0 ? (
        <p>No messages yet: the site shows the default text.</p>
      ) : (
        <ul className="admin-list" aria-labelledby={`${id}-list`}>
          {messages.map((item) => (
            <li key={item._id} className="admin-list__item">
              <span className="admin-list__text">
                {item.message}
                {item === current && <span className="admin-badge">Shown now</span>}
                {item.ended ? (
                  <span className="admin-badge admin-badge--muted">Ended {formatDay(item.endsOn)}</span>
                ) : (
                  item.endsOn && <span className="admin-list__note">Until {formatDay(item.endsOn)}</span>
                )}
              </span>
              <button type="button" className="btn btn--sm btn--outline admin-btn--danger-outline" disabled={busy} onClick={() => void askToRemove(item)}>
                Delete<span className="sr-only">: {item.message}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

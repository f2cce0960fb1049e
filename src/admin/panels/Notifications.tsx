/**
 * Update Notification (/notification): the announcement line of every public page. A preview of
 * the line as visitors see it (the newest message scrolling; still, and wrapped, for people who
 * ask for reduced motion), the list with Delete, and a box to add one. A blank or whitespace-only
 * message is not sent. While a request runs every button is disabled ('Adding...'). Messages are
 * the spec's: 'Error fetching messages.', 'Message added.', 'Failed to add message.',
 * 'Message deleted.', 'Failed to delete message.'.
 */
// First: the schema below must be built without generated code (CSP).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast/headless';
import { MARQUEE_MAX, MarqueeMessageSchema, type MarqueeMessage } from '../../lib/schemas/marquee';
import { api, ApiError } from '../api';
import { useAppInfo } from '../app-info';
import PanelHeading from '../ui/PanelHeading';

const KEY = ['marquee'];

export default function Notifications() {
  const id = useId();
  const { announcementDefault } = useAppInfo();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [fieldError, setFieldError] = useState('');
  const [paused, setPaused] = useState(false);

  const list = useQuery({ queryKey: KEY, queryFn: () => api<MarqueeMessage[]>('/api/marquee') });
  useEffect(() => {
    if (list.isError) toast.error('Error fetching messages.', { id: 'marquee-list' });
  }, [list.isError]);

  const add = useMutation({
    mutationFn: (message: string) => api<{ message: string; item: MarqueeMessage }>('/api/marquee', { body: { message } }),
    onSuccess: () => {
      toast.success('Message added.');
      setText('');
      return queryClient.invalidateQueries({ queryKey: KEY });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.data.errors?.['message']) setFieldError(error.data.errors['message']);
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
  const shown = messages[0]?.message ?? announcementDefault;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const parsed = MarqueeMessageSchema.safeParse({ message: text });
    // Blank or whitespace-only: nothing is sent.
    if (!parsed.success) return setFieldError(parsed.error.issues[0]?.message ?? 'Please write the announcement.');
    setFieldError('');
    add.mutate(parsed.data.message);
  };

  return (
    <section className="admin-panel">
      <PanelHeading title="Update Notification" />
      <p>The announcement line at the top of every page of the site shows the newest message; with none, it shows the default text.</p>

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
          {messages.map((item, index) => (
            <li key={item._id} className="admin-list__item">
              <span className="admin-list__text">
                {item.message}
                {index === 0 && <span className="admin-badge">Shown now</span>}
              </span>
              <button type="button" className="btn btn--sm btn--outline admin-btn--danger-outline" disabled={busy} onClick={() => remove.mutate(item._id)}>
                Delete<span className="sr-only">: {item.message}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The Staff panel's switch "Assign new leads to counsellors in turn" (Owner only): GET and PUT
 * /api/admin/settings {autoAssign: {enabled}}. Off until switched on; each change is in the audit log.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import toast from 'react-hot-toast/headless';
import { api, messageOf } from '../api';

/** GET /api/admin/settings. */
interface Settings {
  autoAssign: { enabled: boolean };
}

const KEY = ['/api/admin/settings'];

export default function AutoAssignSwitch() {
  const id = useId();
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: KEY, queryFn: () => api<Settings>('/api/admin/settings') });
  const [saving, setSaving] = useState(false);

  const change = async (enabled: boolean) => {
    setSaving(true);
    try {
      const answer = await api<Settings & { message: string }>('/api/admin/settings', { method: 'PUT', body: { autoAssign: { enabled } } });
      queryClient.setQueryData(KEY, { autoAssign: answer.autoAssign });
      toast.success(answer.message);
    } catch (error) {
      toast.error(messageOf(error, 'The setting could not be saved. Please try again.'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 className="admin-subheading" id={`${id}-title`}>
        New leads
      </h2>
      {settings.isPending ? (
        <p role="status">Loading the setting...</p>
      ) : settings.isError ? (
        <div role="alert">
          <p className="form-error">{messageOf(settings.error, 'The setting could not be loaded.')}</p>
          <button type="button" className="btn btn--sm btn--outline" onClick={() => void settings.refetch()}>
            Try again
          </button>
        </div>
      ) : (
        <div className="form-check">
          <input
            id={`${id}-auto`}
            type="checkbox"
            checked={settings.data.autoAssign.enabled}
            disabled={saving}
            aria-describedby={`${id}-hint`}
            onChange={(event) => void change(event.target.checked)}
          />
          <label htmlFor={`${id}-auto`}>Assign new leads to counsellors in turn</label>
          <p id={`${id}-hint`} className="form-hint admin-setting__hint">
            Each new enquiry or application goes to the next active Counsellor, who is told on their Today screen and in the morning e-mail.
          </p>
        </div>
      )}
    </section>
  );
}

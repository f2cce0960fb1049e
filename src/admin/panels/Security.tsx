/**
 * Security (/adminSecurity): this session (who, until when), "Sign out everywhere" (POST
 * /api/admin/logout-all: every session of this account ends, this one included, so the browser
 * goes to /adminLogin), how many recovery codes are left (GET /api/admin/recovery-codes: '9
 * recovery codes left', a warning at 3 or fewer), and new recovery codes (POST with a current
 * authenticator code: 10 new codes, shown once, with Copy and Print; the old ones stop working).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast/headless';
import AdminRecoveryCodes from '../../components/islands/AdminRecoveryCodes';
import { setFlash } from '../../lib/flash';
import { codesLeft, fewCodesLeft } from '../../lib/recovery-codes';
import { clearAdminMarker } from '../../stores/admin-session';
import { api, ApiError, messageOf } from '../api';
import { useAppInfo } from '../app-info';
import { useConfirm } from '../ui/ConfirmDialog';
import PanelHeading from '../ui/PanelHeading';
import { formatMoment } from '../ui/dates';

const CODE = /^\d{6}$/;

export default function Security() {
  const id = useId();
  const { me } = useAppInfo();
  const confirm = useConfirm();
  const [leaving, setLeaving] = useState(false);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState('');
  const [making, setMaking] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const queryClient = useQueryClient();
  const left = useQuery({
    queryKey: ['/api/admin/recovery-codes'],
    queryFn: () => api<{ recoveryCodesLeft: number }>('/api/admin/recovery-codes'),
  });

  const signOutEverywhere = async () => {
    const question = 'Sign out on every device, this one included? You will need your password and your authenticator app to sign in again.';
    if (!(await confirm(question, 'Sign out everywhere'))) return;
    setLeaving(true);
    try {
      const answer = await api<{ message: string }>('/api/admin/logout-all', { body: {} });
      clearAdminMarker();
      setFlash(answer.message);
      location.assign('/adminLogin');
    } catch (error) {
      toast.error(messageOf(error, 'That did not work. Please try again.'));
      setLeaving(false);
    }
  };

  const newCodes = async (event: FormEvent) => {
    event.preventDefault();
    const typed = code.replace(/\s+/g, '');
    if (!CODE.test(typed)) return setCodeError('Please enter the 6-digit code your authenticator app shows now.');
    setCodeError('');
    setMaking(true);
    try {
      const answer = await api<{ message: string; recoveryCodes: string[] }>('/api/admin/recovery-codes', { body: { code: typed } });
      toast.success(answer.message);
      setCode('');
      setCodes(answer.recoveryCodes);
      void queryClient.invalidateQueries({ queryKey: ['/api/admin/recovery-codes'] });
    } catch (error) {
      const message = error instanceof ApiError ? error.data.errors?.['code'] : undefined;
      if (message) setCodeError(message);
      toast.error(message ?? messageOf(error, 'New codes could not be made. Please try again.'));
    } finally {
      setMaking(false);
    }
  };

  return (
    <section className="admin-panel">
      <PanelHeading title="Security" />
      <div className="admin-box">
        <h2 className="admin-subheading">This session</h2>
        <p>
          Signed in as <strong>{me.staff.name}</strong> ({me.staff.email}), {me.staff.roleLabel}. The session ends after {me.idleMinutes} minutes without use,
          and at the latest at {formatMoment(me.expiresAt)}.
        </p>
      </div>

      <div className="admin-box admin-box--warning">
        <h2 className="admin-subheading">Sign out everywhere</h2>
        <p>Ends every session of your account — on this device and any other (a phone, or a computer you forgot to sign out of).</p>
        <button type="button" className="btn admin-btn--danger" disabled={leaving} onClick={() => void signOutEverywhere()}>
          {leaving ? 'Please wait...' : 'Sign out everywhere'}
        </button>
      </div>

      <div className="admin-box">
        {codes ? (
          <AdminRecoveryCodes
            heading={<h2 className="admin-subheading">Your new recovery codes</h2>}
            codes={codes}
            doneLabel="Done"
            onDone={() => {
              setCodes(null);
              toast.success('Your new recovery codes are saved.');
            }}
          />
        ) : (
          <form noValidate onSubmit={(event) => void newCodes(event)}>
            <h2 className="admin-subheading">Recovery codes</h2>
            {left.data &&
              (fewCodesLeft(left.data.recoveryCodesLeft) ? (
                <p className="admin-box admin-box--warning" role="status">
                  <strong>{codesLeft(left.data.recoveryCodesLeft)}.</strong> Make new ones now, before you need one and have none.
                </p>
              ) : (
                <p role="status">
                  <strong>{codesLeft(left.data.recoveryCodesLeft)}</strong> of 10.
                </p>
              ))}
            <p>Used some of your recovery codes, or lost the list? Make 10 new ones; the old ones stop working.</p>
            <div className="form-field">
              <label htmlFor={`${id}-code`}>Code from your authenticator app</label>
              <input
                id={`${id}-code`}
                type="text"
                inputMode="numeric"
                autoComplete="one-time-code"
                value={code}
                aria-invalid={codeError ? true : undefined}
                aria-describedby={codeError ? `${id}-code-error` : undefined}
                onChange={(event) => setCode(event.target.value)}
              />
              {codeError && (
                <p className="form-error" id={`${id}-code-error`}>
                  {codeError}
                </p>
              )}
            </div>
            <button type="submit" className="btn" disabled={making}>
              {making ? 'Please wait...' : 'Make new recovery codes'}
            </button>
          </form>
        )}
      </div>
    </section>
  );
}

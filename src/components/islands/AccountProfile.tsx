/**
 * The account page: 'My Profile' (name, e-mail, DashBoard, Logout), the student's classes,
 * attendance and certificates (AccountClasses), their fees (AccountFees, loaded as a chunk of its
 * own so the page's island stays small), their practice tests (the open ones and their whole history with its trend per test,
 * a chunk of its own too), "Your data and your rights" (AccountRights, in the tests' chunk), the "Change password" form and "Log out of all
 * devices". Hydrated by `client:session`, so only a browser holding a token
 * loads it; the page's AuthGate decides what is shown while the session is checked or absent.
 * Renders nothing until a user exists. Both ways out end the session on the server as well.
 */
import { useStore } from '@nanostores/react';
import { Suspense, lazy, useEffect, useId, useRef, useState } from 'react';
import toast from 'react-hot-toast/headless';
import {
  account_change_password,
  account_change_password_note,
  account_dashboard,
  account_email,
  account_logged_out,
  account_logged_out_everywhere,
  account_logout,
  account_logout_all,
  account_logout_all_note,
  account_my_profile,
  account_name,
  account_please_wait,
  account_try_again_failure,
} from '../../i18n/messages';
import { pathIn } from '../../i18n/locales';
import { getLocale } from '../../paraglide/runtime.js';
import { logoutEverywhere } from '../../stores/account';
import { $auth, loadSession, logout } from '../../stores/auth';
import AccountClasses from './AccountClasses';
import ChangePasswordForm from './ChangePasswordForm';
import ToastHost from './ToastHost';

const AccountFees = lazy(() => import('../account/AccountFees'));
// The practice tests and "Your data and your rights", one chunk.
const LaterSections = lazy(() => import('../account/LaterSections'));

export default function AccountProfile() {
  const id = useId();
  const { status, user } = useStore($auth);
  const [mounted, setMounted] = useState(false);
  // Which way out is under way: its button says 'Please Wait...', and both are disabled.
  const [leaving, setLeaving] = useState<'here' | 'everywhere' | null>(null);
  useEffect(() => {
    setMounted(true);
    void loadSession();
  }, []);

  // Signed out on this page (Logout, all devices, or a session the server ended): the button
  // that had the focus has gone with the profile, so the focus moves to the page's "Please log
  // in" (AuthGate), where a keyboard or screen-reader user can go on.
  const wasSignedIn = useRef(false);
  useEffect(() => {
    if (status === 'signedIn') wasSignedIn.current = true;
    if (status !== 'signedOut' || !wasSignedIn.current) return;
    wasSignedIn.current = false;
    if (document.activeElement === document.body) document.getElementById('auth-gate-title')?.focus();
  }, [status]);

  const onLogout = async () => {
    setLeaving('here');
    await logout();
    setLeaving(null);
    toast.success(account_logged_out());
  };

  const onLogoutEverywhere = async () => {
    setLeaving('everywhere');
    const { ok, data } = await logoutEverywhere();
    setLeaving(null);
    if (ok) toast.success(data.message || account_logged_out_everywhere());
    else toast.error(data.message || account_try_again_failure());
  };

  if (!mounted || status !== 'signedIn' || !user) return <ToastHost />;
  return (
    <>
      <ToastHost />
      <div className="account__parts">
        <section className="card profile" aria-labelledby={`${id}-profile`}>
          <h2 id={`${id}-profile`}>{account_my_profile()}</h2>
          <dl className="profile__facts">
            <div>
              <dt>{account_name()}</dt>
              <dd>{user.name}</dd>
            </div>
            <div>
              <dt>{account_email()}</dt>
              <dd>{user.email}</dd>
            </div>
          </dl>
          <div className="btn-row">
            <a className="btn" href={pathIn('/course-list', getLocale())}>
              {account_dashboard()}
            </a>
            <button type="button" className="btn btn--outline" onClick={onLogout} disabled={leaving !== null}>
              {leaving === 'here' ? account_please_wait() : account_logout()}
            </button>
          </div>
        </section>
        <AccountClasses />
        <Suspense fallback={null}>
          <AccountFees />
        </Suspense>
        <Suspense fallback={null}>
          <LaterSections />
        </Suspense>
        <section className="card profile" aria-labelledby={`${id}-password`}>
          <h2 id={`${id}-password`}>{account_change_password()}</h2>
          <p className="profile__note">{account_change_password_note()}</p>
          <ChangePasswordForm email={user.email} />
        </section>
        <section className="card profile" aria-labelledby={`${id}-devices`}>
          <h2 id={`${id}-devices`}>{account_logout_all()}</h2>
          <p className="profile__note">{account_logout_all_note()}</p>
          <button type="button" className="btn btn--outline" onClick={onLogoutEverywhere} disabled={leaving !== null}>
            {leaving === 'everywhere' ? account_please_wait() : account_logout_all()}
          </button>
        </section>
      </div>
    </>
  );
}

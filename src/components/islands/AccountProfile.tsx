/**
 * The account page: 'My Profile' (name, e-mail, DashBoard, Logout), the student's classes,
 * attendance and certificates (AccountClasses), their fees (AccountFees, loaded as a chunk of its
 * own so the page's island stays small), the "Change password" form and "Log out of all
 * devices". Hydrated by `client:session`, so only a browser holding a token
 * loads it; the page's AuthGate decides what is shown while the session is checked or absent.
 * Renders nothing until a user exists. Both ways out end the session on the server as well.
 */
import { useStore } from '@nanostores/react';
import { Suspense, lazy, useEffect, useId, useRef, useState } from 'react';
import toast from 'react-hot-toast/headless';
import { logoutEverywhere } from '../../stores/account';
import { $auth, loadSession, logout } from '../../stores/auth';
import AccountClasses from './AccountClasses';
import ChangePasswordForm from './ChangePasswordForm';
import { FALLBACK_FAILURE } from '../forms/use-failure';
import ToastHost from './ToastHost';

const AccountFees = lazy(() => import('../account/AccountFees'));

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
    toast.success('Logged out');
  };

  const onLogoutEverywhere = async () => {
    setLeaving('everywhere');
    const { ok, data } = await logoutEverywhere();
    setLeaving(null);
    if (ok) toast.success(data.message || 'You have been logged out on all devices.');
    else toast.error(data.message || FALLBACK_FAILURE);
  };

  if (!mounted || status !== 'signedIn' || !user) return <ToastHost />;
  return (
    <>
      <ToastHost />
      <div className="account__parts">
        <section className="card profile" aria-labelledby={`${id}-profile`}>
          <h2 id={`${id}-profile`}>My Profile</h2>
          <dl className="profile__facts">
            <div>
              <dt>Name</dt>
              <dd>{user.name}</dd>
            </div>
            <div>
              <dt>Email</dt>
              <dd>{user.email}</dd>
            </div>
          </dl>
          <div className="btn-row">
            <a className="btn" href="/course-list">
              DashBoard
            </a>
            <button type="button" className="btn btn--outline" onClick={onLogout} disabled={leaving !== null}>
              {leaving === 'here' ? 'Please Wait...' : 'Logout'}
            </button>
          </div>
        </section>
        <AccountClasses />
        <Suspense fallback={null}>
          <AccountFees />
        </Suspense>
        <section className="card profile" aria-labelledby={`${id}-password`}>
          <h2 id={`${id}-password`}>Change password</h2>
          <p className="profile__note">You will stay logged in here; every other phone or computer will be logged out.</p>
          <ChangePasswordForm email={user.email} />
        </section>
        <section className="card profile" aria-labelledby={`${id}-devices`}>
          <h2 id={`${id}-devices`}>Log out of all devices</h2>
          <p className="profile__note">Left your account open on a shared or lost phone or computer? This logs you out everywhere, here too.</p>
          <button type="button" className="btn btn--outline" onClick={onLogoutEverywhere} disabled={leaving !== null}>
            {leaving === 'everywhere' ? 'Please Wait...' : 'Log out of all devices'}
          </button>
        </section>
      </div>
    </>
  );
}

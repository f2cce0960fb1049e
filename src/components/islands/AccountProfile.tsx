/**
 * The account page's profile ('My Profile'): name, e-mail, DashBoard and Logout. Hydrated by
 * `client:session`, so only a browser holding a token loads it; the page's AuthGate decides what
 * is shown while the session is checked or absent. Renders nothing until a user exists.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast/headless';
import { $auth, loadSession, logout } from '../../stores/auth';
import ToastHost from './ToastHost';

export default function AccountProfile() {
  const { status, user } = useStore($auth);
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    setMounted(true);
    void loadSession();
  }, []);

  const onLogout = () => {
    logout();
    toast.success('Logged out');
  };

  return (
    <>
      <ToastHost />
      {mounted && status === 'signedIn' && user && (
        <section className="card profile" aria-labelledby="profile-title">
          <h2 id="profile-title">My Profile</h2>
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
            <button type="button" className="btn btn--outline" onClick={onLogout}>
              Logout
            </button>
          </div>
        </section>
      )}
    </>
  );
}

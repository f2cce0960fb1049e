/**
 * The frame around every panel: a skip link, the sidebar 'Admin Panel' (a drawer behind a Menu
 * button on a phone), the header naming the screen shown (a link to the dashboard) with the
 * avatar, and the panel itself in <main>.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, matchRoute, useLocation, useRouter } from 'wouter';
import Avatar from './Avatar';
import { useAppInfo } from './app-info';
import Sidebar from './Sidebar';
import { PATHS, screenName } from './routes';

export default function Frame({ children }: { children: ReactNode }) {
  const { me } = useAppInfo();
  const [location] = useLocation();
  const { parser } = useRouter();
  const screen = screenName((path) => matchRoute(parser, path, location)[0]) ?? 'Admin Panel';
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);

  // A choice in the drawer closes it.
  useEffect(() => setMenuOpen(false), [location]);

  const closeMenu = (returnFocus: boolean) => {
    setMenuOpen(false);
    if (returnFocus) menuButton.current?.focus();
  };

  return (
    <div className={`admin${menuOpen ? ' admin--menu-open' : ''}`}>
      <a className="skip-link" href="#admin-main">
        Skip to the panel
      </a>
      <header className="admin-header">
        <button
          ref={menuButton}
          type="button"
          className="admin-header__menu"
          aria-expanded={menuOpen}
          aria-controls="admin-sidebar"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          Menu
        </button>
        <Link className="admin-header__title" href={PATHS.dashboard} aria-label={`${screen} (go to the dashboard)`}>
          {screen}
        </Link>
        <span className="admin-header__who">{me.staff.name}</span>
        <Avatar name={me.staff.name} />
      </header>
      <div className="admin-body">
        <Sidebar open={menuOpen} onClose={closeMenu} />
        <main id="admin-main" className="admin-main" tabIndex={-1}>
          {children}
        </main>
      </div>
    </div>
  );
}

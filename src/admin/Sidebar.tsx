/**
 * The sidebar 'Admin Panel': the spec's links in its order (Batch and Fees are not built and
 * not listed) that the signed-in member of staff's role may open, the Students submenu (a button with aria-expanded, open while one of its pages is
 * shown), the staff pages, and Logout. On a phone it is a drawer opened by the header's Menu
 * button; Escape closes it and gives the focus back to that button.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { useCan } from './app-info';
import { isGroup, navFor, type NavGroup, type NavLink } from './routes';
import { logout } from './logout';

interface Props {
  /** Whether the drawer is open (phones only; always shown on wide screens). */
  open: boolean;
  /** Closes the drawer; `returnFocus` gives the focus back to the Menu button. */
  onClose: (returnFocus: boolean) => void;
}

/** Whether a link names the page shown at `location`. */
const isCurrent = (link: NavLink, location: string) => link.href === location || Boolean(link.alsoAt?.includes(location));

export default function Sidebar({ open, onClose }: Props) {
  const [location] = useLocation();
  const nav = useRef<HTMLElement>(null);
  const [leaving, setLeaving] = useState(false);
  const entries = navFor(useCan());

  // Opening the drawer moves the focus into it.
  useEffect(() => {
    if (open) nav.current?.querySelector<HTMLElement>('a, button')?.focus();
  }, [open]);

  return (
    <nav
      ref={nav}
      id="admin-sidebar"
      className={`admin-sidebar${open ? ' is-open' : ''}`}
      aria-label="Admin Panel"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          onClose(true);
        }
      }}
      // Tabbing out of the open drawer (past Close the menu) closes it, so the focus never sits
      // on the page hidden beneath it; the Menu button toggles it itself.
      onBlur={(event) => {
        const next = event.relatedTarget;
        if (!open || !(next instanceof Element) || nav.current?.contains(next) || next.closest('[aria-controls="admin-sidebar"]')) return;
        onClose(false);
      }}
    >
      <p className="admin-sidebar__title" aria-hidden="true">
        Admin Panel
      </p>
      <ul className="admin-nav">
        {entries.map((entry) =>
          isGroup(entry) ? (
            <Submenu key={entry.label} group={entry} location={location} />
          ) : (
            <li key={entry.href}>
              <NavItem link={entry} location={location} />
            </li>
          ),
        )}
        <li>
          <button
            type="button"
            className="admin-nav__link admin-nav__logout"
            disabled={leaving}
            onClick={() => {
              setLeaving(true);
              void logout();
            }}
          >
            {leaving ? 'Please wait...' : 'Logout'}
          </button>
        </li>
      </ul>
      <button type="button" className="admin-sidebar__close btn btn--sm btn--outline" onClick={() => onClose(true)}>
        Close the menu
      </button>
    </nav>
  );
}

function NavItem({ link, location }: { link: NavLink; location: string }) {
  const current = isCurrent(link, location);
  return (
    <Link className={`admin-nav__link${current ? ' is-current' : ''}`} href={link.href} aria-current={current ? 'page' : undefined}>
      {link.label}
    </Link>
  );
}

function Submenu({ group, location }: { group: NavGroup; location: string }) {
  const id = useId();
  const inside = group.items.some((link) => isCurrent(link, location)) || group.items.some((link) => location.startsWith(`${link.href}/`));
  const [expanded, setExpanded] = useState(inside);
  useEffect(() => {
    if (inside) setExpanded(true);
  }, [inside]);
  return (
    <li>
      <button type="button" className="admin-nav__link admin-nav__group" aria-expanded={expanded} aria-controls={id} onClick={() => setExpanded((e) => !e)}>
        {group.label}
        <svg className="admin-nav__chevron" width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="m6 9 6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
      <ul id={id} className="admin-nav__sub" hidden={!expanded}>
        {group.items.map((link) => (
          <li key={link.href}>
            <NavItem link={link} location={location} />
          </li>
        ))}
      </ul>
    </li>
  );
}

/**
 * The header's sign-in button: Student Login, or Account once the stored session has been
 * confirmed by the server. Hydrated by `client:session`, i.e. only in a browser holding a token;
 * everyone else keeps the server-rendered Student Login link (which opens the login dialog).
 * The first render matches the server's HTML whatever the store already knows, so hydration
 * never disagrees with it; the real state follows after mounting.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { $auth, loadSession } from '../../stores/auth';

interface Link {
  label: string;
  href: string;
}

interface Props {
  /** The link for everyone not (yet) confirmed as signed in: Student Login. */
  signedOut: Link;
  /** The link once signed in: Account. */
  signedIn: Link;
  /** Class of the link (the header bar shows it as a button). */
  className?: string | undefined;
}

export default function HeaderAuth({ signedOut, signedIn, className }: Props) {
  const { status } = useStore($auth);
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    setMounted(true);
    void loadSession();
  }, []);

  const link = mounted && status === 'signedIn' ? signedIn : signedOut;
  return (
    <a className={className} href={link.href} data-auth-link>
      {link.label}
    </a>
  );
}

/**
 * The security log (table security_events): what happened, when, to which account, from which
 * network. It never holds a password, a code, an e-mail address or a phone number, and the
 * client address is truncated (client.ts).
 */
import { truncatedAddress } from './client';
import { query } from './db';

/** The kinds of event recorded. */
export type EventKind =
  | 'login-failed'
  | 'login-locked'
  | 'rate-limited'
  | 'password-reset-requested'
  | 'password-reset'
  | 'password-changed'
  | 'password-change-failed'
  | 'logout'
  | 'logout-all'
  | 'mail-ceiling'
  | 'staff-login-failed'
  | 'second-factor-failed'
  | 'second-factor-replayed';

export interface SecurityEvent {
  kind: EventKind;
  /** The account concerned (a student's or a member of staff's), when there is one. */
  userId?: string | null | undefined;
  /** Anything else worth keeping (a limit's name, say); never personal data. */
  detail?: Record<string, string | number | boolean> | undefined;
}

/** Records `event` for the client at `address` (stored truncated). */
export async function recordEvent(event: SecurityEvent, address: string): Promise<void> {
  await query('insert into security_events (kind, user_id, client, detail) values ($1, $2, $3, $4)', [
    event.kind,
    event.userId ?? null,
    truncatedAddress(address),
    event.detail ? JSON.stringify(event.detail) : null,
  ]);
}

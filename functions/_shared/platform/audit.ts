/**
 * The audit log (table audit_log): every change staff make and every view of personal data —
 * who, when, what, which record, from where. Written in the same transaction as the change when
 * there is one, so a change is never without its line. Kept 400 days (housekeeping.ts).
 */
import type { PoolClient } from '@neondatabase/serverless';
import { truncatedAddress } from './client';
import { query } from './db';

/** What was done. A view of personal data is `view`; the rest name the change. */
export type AuditAction =
  | 'sign-in'
  | 'sign-out'
  | 'sign-out-everywhere'
  | 'enrol-second-factor'
  | 'use-recovery-code'
  | 'create'
  | 'update'
  | 'delete'
  | 'view'
  | 'reveal'
  | 'view-document'
  | 'export'
  | 'invite'
  | 'accept-invitation'
  | 'disable'
  | 'enable'
  | 'reset-second-factor'
  | 'unlock'
  | 'change-role'
  | 'revoke';

export interface AuditEntry {
  /** The member of staff who did it. */
  staffId: string;
  action: AuditAction;
  /** The kind of record: 'course', 'job', 'student', 'user', 'staff', 'marquee', 'session', … */
  entity?: string | undefined;
  /** Which record (or, for a list view, none). */
  entityId?: string | number | undefined;
  /** What changed or was seen: field names, a count, a filter — never a password or a code. */
  detail?: Record<string, unknown> | undefined;
  /**
   * The record as people name it (a person's name, a course's title, an application's reference),
   * kept in the line (`detail.subject`) so that its sentence still names it after the record is deleted.
   */
  subject?: string | null | undefined;
}

const INSERT = 'insert into audit_log (staff_id, action, entity, entity_id, client, detail) values ($1, $2, $3, $4, $5, $6)';

const params = (entry: AuditEntry, address: string) => {
  const detail = entry.subject ? { ...entry.detail, subject: entry.subject } : entry.detail;
  return [
    entry.staffId,
    entry.action,
    entry.entity ?? null,
    entry.entityId === undefined ? null : String(entry.entityId),
    truncatedAddress(address),
    detail ? JSON.stringify(detail) : null,
  ];
};

/** Records `entry` for a request from `address`; inside the caller's transaction when `client` is given. */
export async function audit(entry: AuditEntry, address: string, client?: PoolClient): Promise<void> {
  if (client) await client.query(INSERT, params(entry, address));
  else await query(INSERT, params(entry, address));
}

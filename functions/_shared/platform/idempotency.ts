/**
 * The optional `Idempotency-Key` header of a form's submission: a UUID made when the form opens,
 * so a retried or double-clicked submission is stored once (leads.ts keeps the key with the lead).
 */
import { HttpError } from './http';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** Reads and checks the optional Idempotency-Key header (400 when it is not a UUID). */
export function idempotencyKey(req: Request): string | null {
  const key = req.headers.get('idempotency-key');
  if (key === null) return null;
  if (!UUID.test(key.trim())) throw new HttpError(400, 'The Idempotency-Key header must be a UUID.');
  return key.trim().toLowerCase();
}

/**
 * Sending one action on a lead from its page: the toast, the refreshed views, and the two
 * failures a form must show without losing what was typed — a 409 (the message and the lead as it
 * is now, which the page then shows) and a 400 (the server's per-field messages).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast/headless';
import type { LeadActionInput, LeadDetail } from '../../lib/schemas/lead';
import { ApiError, messageOf } from '../api';
import type { Conflict } from './ConflictNotice';
import { afterLeadChange, conflictOf, sendLeadAction } from './lead-api';

/** How a send ended: the lead as it is now, or the per-field messages of a refusal (empty after a 409). */
export type ActionResult = { ok: true; item: LeadDetail } | { ok: false; errors: Record<string, string> };

/** `send(body, fallback)` for lead `id`; `conflict` and `failure` for the form to show. */
export function useLeadAction(id: string) {
  const client = useQueryClient();
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [failure, setFailure] = useState('');

  const send = async (body: LeadActionInput, fallback: string): Promise<ActionResult> => {
    setFailure('');
    try {
      const answer = await sendLeadAction(id, body);
      toast.success(answer.message);
      setConflict(null);
      await afterLeadChange(client, answer.item);
      return { ok: true, item: answer.item };
    } catch (error) {
      const refused = conflictOf(error);
      if (refused) {
        setConflict(refused);
        toast.error(refused.message);
        await afterLeadChange(client, refused.current);
        return { ok: false, errors: {} };
      }
      const message = messageOf(error, fallback);
      setFailure(message);
      toast.error(message);
      return { ok: false, errors: error instanceof ApiError ? (error.data.errors ?? {}) : {} };
    }
  };
  return { send, conflict, failure };
}

/**
 * The inbox's calls shared by Today, the list and a lead's page: the query keys (so one change
 * refreshes every view of the lead) and the POST of an action, whose 409 carries the lead as it
 * is now.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { LeadActionInput, LeadDetail } from '../../lib/schemas/lead';
import { api, ApiError } from '../api';

/** The key of one lead (GET /api/admin/leads/{id}); a prefix of the list's keys too. */
export const leadKey = (id: string) => ['/api/admin/leads', id] as const;
/** The key of the Today screen's data. */
export const TODAY_KEY = ['/api/admin/today'] as const;

/** What every lead action answers. */
export interface LeadAnswer {
  message: string;
  item: LeadDetail;
}

/** POST /api/admin/leads/{id} with one action (the body is checked by LeadActionSchema on the server too). */
export const sendLeadAction = (id: string, body: LeadActionInput) => api<LeadAnswer>(`/api/admin/leads/${encodeURIComponent(id)}`, { body });

/** A 409's message and the lead as it is now (null: it no longer exists); undefined for any other failure. */
export function conflictOf(error: unknown): { message: string; current: LeadDetail | null } | undefined {
  if (!(error instanceof ApiError) || error.status !== 409) return undefined;
  return { message: error.data.message ?? 'Someone else changed this lead.', current: (error.data.current as LeadDetail | null | undefined) ?? null };
}

/** After a change: the lead's page takes the answer at once, and every list and Today load again. */
export async function afterLeadChange(client: QueryClient, lead: LeadDetail | null) {
  if (lead) client.setQueryData(leadKey(lead._id), lead);
  await Promise.all([
    client.invalidateQueries({ queryKey: ['/api/admin/leads'], predicate: (query) => !lead || query.queryKey[1] !== lead._id }),
    client.invalidateQueries({ queryKey: TODAY_KEY }),
  ]);
}

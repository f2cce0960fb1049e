/**
 * The account page's actions on the session of the auth store (auth.ts): logging out of every
 * device and changing the password. Apart from auth.ts so that the pages which only check the
 * session (the guards, the header) do not download them. No React, no toasts: the island shows
 * the server's messages.
 */
import { postJson, type ApiResult } from '../lib/api';
import type { ChangePasswordInput } from '../lib/schemas/user';
import { TOKEN_KEY, endLocally, readStored, refused, writeStored } from './auth';

/**
 * Ends every session of the account, this one included (POST /api/user/logout-all), then signs
 * out here as logout() does. A 401 means the session had already ended: signed out here too.
 * Any other failure keeps the student signed in, so they can try again.
 */
export async function logoutEverywhere(): Promise<ApiResult<Record<string, unknown>>> {
  const result = await postJson('/api/user/logout-all', {}, { headers: { token: readStored(TOKEN_KEY) ?? '' } });
  if (result.ok || result.status === 401) endLocally();
  return result;
}

/** What POST /api/user/change-password answers. */
export interface ChangePasswordAnswer {
  /** The session's new token: every other session (and the old token) has ended. */
  token?: string;
}

/**
 * Changes the password (POST /api/user/change-password, header `token`). Success stores the new
 * token the server answers with. A 401 means the session has ended (logged out on another
 * device, say): the token is dropped and the student signed out, as loadSession() does.
 */
export async function changePassword(values: ChangePasswordInput): Promise<ApiResult<ChangePasswordAnswer>> {
  const token = readStored(TOKEN_KEY) ?? '';
  const result = await postJson<ChangePasswordAnswer>('/api/user/change-password', values, { headers: { token } });
  const renewed = result.data.token;
  if (result.ok && typeof renewed === 'string' && renewed) writeStored(TOKEN_KEY, renewed);
  if (result.status === 401) refused(token);
  return result;
}

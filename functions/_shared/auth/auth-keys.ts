/** The keys derived from AUTH_SECRET, made once per instance (keys.ts derives them). */
import { ConfigurationError, env } from '../platform/env';
import { deriveAuthKeys, type AuthKeys } from './keys';

let keys: AuthKeys | undefined;

/** The keys derived from AUTH_SECRET (a ConfigurationError, answered 503, when it is not set). */
export function authKeys(): AuthKeys {
  if (keys) return keys;
  const secret = env().AUTH_SECRET;
  if (!secret) throw new ConfigurationError('AUTH_SECRET is not set: `npm start` provides one locally; on Netlify set it (see README).');
  keys = deriveAuthKeys(secret);
  return keys;
}

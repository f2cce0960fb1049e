/**
 * Reads the dynamic part of an address in the browser. The pages with a segment from the
 * address (/course/{id}, /loading/{path}…) are built once as a shell and reached through a
 * Netlify rewrite, so the segment is only known from location.pathname.
 */

/**
 * What follows `prefix` in the current address, percent-decoded ('' when there is nothing); on
 * a Hindi twin the same (`/hi/course/12` gives '12' for '/course/').
 */
export function routeParam(prefix: string): string {
  const path = location.pathname.replace(/^\/hi(?=\/)/i, '');
  if (!path.toLowerCase().startsWith(prefix.toLowerCase())) return '';
  const rest = path.slice(prefix.length).replace(/^\/+|\/+$/g, '');
  try {
    return decodeURIComponent(rest);
  } catch {
    return rest;
  }
}

/**
 * The same-site path a loader may go on to: letters, digits, `/`, `_` and `-` only, leading
 * and doubled slashes collapsed (so `//host` cannot leave the site); '/' for anything else.
 */
export function safeLocalPath(raw: string): string {
  if (!/^[A-Za-z0-9/_-]+$/.test(raw)) return '/';
  const path = raw.replace(/\/{2,}/g, '/').replace(/^\/+/, '');
  return `/${path}`;
}

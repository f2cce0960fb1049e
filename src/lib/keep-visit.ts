/**
 * Where a visit came from, kept for the tab's session (sessionStorage `visit`) so the public
 * forms can send it with an enquiry: the UTM parameters and the referring site of the first page
 * of the visit, and that page's path. Only the first page writes it; later pages leave it alone.
 * Nothing here is sent anywhere until the visitor submits a form (visit-attribution.ts reads it).
 * The keys are those of AttributionSchema (src/lib/schemas/attribution.ts), which checks them
 * again on the server. Its own module, imported by nothing the islands share, so the build
 * inlines it into every public page (a few hundred bytes, its hash in the page's CSP) instead of
 * loading it as two more files.
 */

/** The sessionStorage key; visit-attribution.ts reads the same one. */
const KEY = 'visit';
const UTM = ['source', 'medium', 'campaign', 'term', 'content'];

/** Records the visit's first page, its UTM parameters and the other site that linked to it, once per session. */
export function keepVisit(): void {
  try {
    if (sessionStorage.getItem(KEY)) return;
    const visit: Record<string, string> = { landingPage: location.pathname };
    const params = new URLSearchParams(location.search);
    for (const name of UTM) {
      const value = params.get(`utm_${name}`);
      if (value) visit[`utm${name[0]!.toUpperCase()}${name.slice(1)}`] = value;
    }
    // Only the host: a full address can carry someone's data. Our own pages are no referrer.
    const referrer = document.referrer && new URL(document.referrer).host;
    if (referrer && referrer !== location.host) visit['referrer'] = referrer;
    sessionStorage.setItem(KEY, JSON.stringify(visit));
  } catch {
    // Storage switched off (some private modes): the enquiry simply goes without it.
  }
}

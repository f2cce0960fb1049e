/** The Content-Disposition of a document sent to staff: always a download, under its own name. */

/**
 * `attachment` with the name twice: plain ASCII for old browsers (anything else becomes `_`), and
 * the exact name in UTF-8 (RFC 6266 / RFC 8187), so a Hindi file name survives.
 */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

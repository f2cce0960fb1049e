/**
 * Loads the uploader's module. A browser keeps a failed module fetch for that address for the
 * life of the page (the HTML spec's module map: Chromium answers every later import of it with
 * the same failure), so a phone that was offline when the form first asked for the uploader
 * could never load it again without a reload. After such a failure the module is asked for again
 * under a fresh address: the same file, which the browser fetches anew.
 */
type UploaderModule = typeof import('./uploader');

let fresh = 0;

/** The address of the module a failed dynamic import names in its message (Chromium, Firefox). */
export const failedModuleUrl = (error: unknown): string | undefined =>
  /(https?:\/\/[^\s'"]+?\.m?js)(?:\?[^\s'"]*)?(?=$|[\s'"])/.exec(error instanceof Error ? error.message : String(error))?.[1];

/** The uploader's module, fetched again under a fresh address when an earlier fetch failed. */
export async function importUploader(): Promise<UploaderModule> {
  try {
    return await import('./uploader');
  } catch (error) {
    const url = failedModuleUrl(error);
    if (!url) throw error;
    fresh += 1;
    return (await import(/* @vite-ignore */ `${url}?again=${fresh}`)) as UploaderModule;
  }
}

/**
 * Saves a fetched file as a download, under the name its Content-Disposition gives (a copy of
 * one's data, the copy handed over at the office), or `fallback` when it gives none.
 */
export async function saveResponseAsFile(response: Response, fallback: string): Promise<void> {
  const name = /filename="?([^";]+)"?/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallback;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked once the browser has taken the file.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The file name of a Content-Disposition header (`filename*=UTF-8''…` or `filename="…"`), or the fallback. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (encoded) return decodeURIComponent(encoded);
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? fallback;
}

/** Hands a blob to the browser as a download named `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // revoked later: some browsers start reading the blob only after click() returns
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Hands a file answer to the browser under the name the server gave it (else `fallback`); answers the name. */
export async function saveResponse(response: Response, fallback: string): Promise<string> {
  const name = fileNameOf(response.headers.get('content-disposition'), fallback);
  saveBlob(await response.blob(), name);
  return name;
}

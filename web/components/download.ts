/**
 * The file name of a download from its `Content-Disposition` header: the RFC 5987
 * `filename*=UTF-8''…` form first, then the plain `filename="…"`; the fallback otherwise.
 * Path separators are dropped so that a name can never point elsewhere.
 */
export function filenameFromDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  let name: string | undefined;
  if (extended?.[2]) {
    try {
      name = decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
    } catch {
      name = undefined;
    }
  }
  if (!name) {
    const plain = /filename\s*=\s*(?:"((?:\\.|[^"\\])*)"|([^;]+))/i.exec(header);
    name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2]?.trim();
  }
  const safe = name?.replace(/[/\\]/g, '_').trim();
  return safe ? safe : fallback;
}

/** Reads a response body whole, telling how many bytes have come so far. */
export async function readWithProgress(
  response: Response,
  onProgress: (bytes: number) => void,
): Promise<Blob> {
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  if (!response.body) return response.blob();
  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value as Uint8Array<ArrayBuffer>);
    received += value.byteLength;
    onProgress(received);
  }
  return new Blob(chunks, { type });
}

/** Hands a file to the browser as a download. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Let the browser start reading the file before letting it go.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

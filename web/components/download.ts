import { apiUrl } from '../api/client';
import { getToken } from '../api/token';
import { i18n } from '../i18n';
import type { ExportFormat } from './ExportMenu';

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

/**
 * Downloads an export (`/api{path}?format=…` with the list's search and filters) as CSV or
 * XLSX. The file comes with the bearer token, so it is fetched and then handed to the browser.
 */
export async function downloadExport(
  path: string,
  query: Record<string, string | number | undefined>,
  format: ExportFormat,
  fallbackName: string,
  onProgress: (bytes: number) => void,
): Promise<void> {
  const headers: Record<string, string> = {};
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (i18n.locale) headers['Accept-Language'] = i18n.locale;
  const response = await fetch(apiUrl(path, { ...query, format }), { headers, credentials: 'same-origin' });
  if (!response.ok) throw new Error(`Export answered ${response.status}`);
  const blob = await readWithProgress(response, onProgress);
  saveBlob(
    blob,
    filenameFromDisposition(response.headers.get('content-disposition'), `${fallbackName}.${format}`),
  );
}

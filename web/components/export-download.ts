import { apiUrl } from '../api/client';
import { getToken } from '../api/token';
import { i18n } from '../i18n';
import { filenameFromDisposition, readWithProgress, saveBlob } from './download';
import type { ExportFormat } from './ExportMenu';

/**
 * Downloads an export (`/api{path}?format=…` with the list's search and filters) as CSV or
 * XLSX. The file comes with the bearer token, so it is fetched and then handed to the browser.
 */
export async function downloadExport({
  path,
  query,
  format,
  fallbackName,
  onProgress,
}: {
  path: string;
  query: Record<string, string | number | undefined>;
  format: ExportFormat;
  fallbackName: string;
  onProgress: (bytes: number) => void;
}): Promise<void> {
  await downloadFile({
    path,
    query: { ...query, format },
    fallbackName: `${fallbackName}.${format}`,
    onProgress,
  });
}

/**
 * Downloads any file of the API (a PDF, a ZIP, an export) under the name its answer gives. It
 * needs the bearer token, so it is fetched and then handed to the browser.
 */
export async function downloadFile({
  path,
  query = {},
  fallbackName,
  onProgress = () => undefined,
}: {
  path: string;
  query?: Record<string, string | number | undefined>;
  /** The name when the answer gives none, with its extension. */
  fallbackName: string;
  onProgress?: (bytes: number) => void;
}): Promise<void> {
  const headers: Record<string, string> = {};
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (i18n.locale) headers['Accept-Language'] = i18n.locale;
  const response = await fetch(apiUrl(path, query), { headers, credentials: 'same-origin' });
  if (!response.ok) throw new Error(`Download answered ${response.status}`);
  const blob = await readWithProgress(response, onProgress);
  saveBlob(blob, filenameFromDisposition(response.headers.get('content-disposition'), fallbackName));
}

import { useEffect, useState } from 'react';
import { apiUrl } from '../api/client';
import { getToken } from '../api/token';

/**
 * What the API answers `body` POSTed to `path`, as a `blob:` address for a preview's frame:
 * asked again `delay` ms after the last change of `body`, `headers` or `refresh` (a value that
 * is not sent but should draw the preview again), the pending request cancelled. The old address
 * is let go when a new one is asked for. `type` gives the answer a type of its own.
 */
export function useBlobPreview({
  path,
  body,
  delay,
  headers = {},
  refresh = '',
  type,
}: {
  path: string;
  body: unknown;
  delay: number;
  headers?: Record<string, string>;
  refresh?: string;
  type?: string;
}) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const key = JSON.stringify({ path, body, headers, refresh, type });
  useEffect(() => {
    const request: { path: string; body: unknown; headers: Record<string, string>; type?: string } =
      JSON.parse(key);
    const controller = new AbortController();
    let made: string | null = null;
    const timer = window.setTimeout(async () => {
      try {
        const token = getToken();
        const response = await fetch(apiUrl(request.path), {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            ...request.headers,
            ...(token ? { Authorization: `Bearer ${token}` } : {}),
          },
          body: JSON.stringify(request.body),
          signal: controller.signal,
        });
        if (!response.ok) {
          setFailed(true);
          return;
        }
        const blob = await response.blob();
        made = URL.createObjectURL(request.type ? new Blob([blob], { type: request.type }) : blob);
        setFailed(false);
        setUrl(made);
      } catch (error) {
        if (!(error instanceof DOMException && error.name === 'AbortError')) setFailed(true);
      }
    }, delay);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
      if (made) URL.revokeObjectURL(made);
    };
  }, [key, delay]);
  return { url, failed };
}

import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { isApiError } from '../api/client';
import { ErrorPage } from './ErrorPage';

const RELOADED_AT_KEY = 'tessera_chunk_reload_at';
const RELOAD_AT_MOST_EVERY_MS = 10_000;

/** After a deploy, an open tab may ask for chunks that no longer exist; a reload fixes that. */
function isStaleChunkError(error: unknown): boolean {
  return (
    error instanceof TypeError && /dynamically imported module|importing a module script/i.test(error.message)
  );
}

function mayReload(): boolean {
  return Date.now() - Number(sessionStorage.getItem(RELOADED_AT_KEY) ?? 0) > RELOAD_AT_MOST_EVERY_MS;
}

function statusOf(error: unknown): number {
  if (isRouteErrorResponse(error)) return error.status;
  if (isApiError(error) && error.status > 0) return error.status;
  return 500;
}

/** The router's error element: maps whatever was thrown to the error page. */
export function RouteErrorPage() {
  const error = useRouteError();
  const staleChunk = isStaleChunkError(error) && mayReload();

  useEffect(() => {
    if (!staleChunk) return;
    sessionStorage.setItem(RELOADED_AT_KEY, String(Date.now()));
    window.location.reload();
  }, [staleChunk]);

  if (staleChunk) return null;
  return <ErrorPage status={statusOf(error)} />;
}

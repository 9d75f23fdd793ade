import { Component, type ReactNode, useEffect } from 'react';
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
  if (isApiError(error) && error.status > 0) return error.status;
  return 500;
}

/** Maps whatever a page threw to the error page (or reloads once for a stale chunk). */
function RouteErrorPage({ error }: { error: unknown }) {
  const staleChunk = isStaleChunkError(error) && mayReload();

  useEffect(() => {
    if (!staleChunk) return;
    sessionStorage.setItem(RELOADED_AT_KEY, String(Date.now()));
    window.location.reload();
  }, [staleChunk]);

  if (staleChunk) return null;
  return <ErrorPage status={statusOf(error)} />;
}

interface BoundaryProps {
  /** The address shown: a new one clears the error, so the visitor can navigate away from it. */
  resetKey: string;
  children: ReactNode;
}

/** Catches what a page throws while rendering, including a page whose code failed to download. */
export class RouteErrorBoundary extends Component<BoundaryProps, { error: unknown; at: string }> {
  override state = { error: null as unknown, at: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { at: string }) {
    return state.at === props.resetKey ? null : { error: null, at: props.resetKey };
  }

  override render() {
    return this.state.error === null ? this.props.children : <RouteErrorPage error={this.state.error} />;
  }
}

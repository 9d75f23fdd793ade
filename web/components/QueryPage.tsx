import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { InlineLoader } from './InlineLoader';
import { LoadError } from './LoadError';
import { isForbidden, NoPermissionPage } from './NoPermission';

/**
 * A page made of one query's answer, with the page's title: a loader while it comes, the
 * no-permission page for a 403, what went wrong with a way to try again, then `children` with
 * the data.
 */
export function QueryPage<T>({
  query,
  pageTitle,
  errorTitle,
  loading,
  children,
}: {
  query: UseQueryResult<T>;
  pageTitle: string;
  errorTitle: string;
  /** What the loader says to screen readers, when more than "Loading". */
  loading?: string;
  children: (data: T) => ReactNode;
}) {
  const title = <title>{`${pageTitle} · Tessera`}</title>;
  if (query.isPending) return <InlineLoader label={loading} />;
  if (query.isError) {
    if (isForbidden(query.error)) return <NoPermissionPage />;
    return (
      <LoadError error={query.error} title={errorTitle} onRetry={() => query.refetch()}>
        {title}
      </LoadError>
    );
  }
  return (
    <>
      {title}
      {children(query.data)}
    </>
  );
}

import { Trans } from '@lingui/react/macro';
import { Button, Stack } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorAlert } from './ErrorAlert';
import { InlineLoader } from './InlineLoader';
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
      <Stack gap="sm">
        {title}
        <ErrorAlert error={query.error} title={errorTitle} />
        <Button variant="default" w="fit-content" onClick={() => query.refetch()}>
          <Trans>Try again</Trans>
        </Button>
      </Stack>
    );
  }
  return (
    <>
      {title}
      {children(query.data)}
    </>
  );
}

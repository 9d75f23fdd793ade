import { Trans } from '@lingui/react/macro';
import { Button, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { ErrorAlert } from './ErrorAlert';

/** What went wrong loading a page's data, with a way to try again; `children` (a page title) first. */
export function LoadError({
  error,
  title,
  onRetry,
  children,
}: {
  error: unknown;
  title: string;
  onRetry: () => void;
  children?: ReactNode;
}) {
  return (
    <Stack gap="sm">
      {children}
      <ErrorAlert error={error} title={title} />
      <Button variant="default" w="fit-content" onClick={onRetry}>
        <Trans>Try again</Trans>
      </Button>
    </Stack>
  );
}

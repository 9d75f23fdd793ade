import '@mantine/core/styles/Alert.css';
import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';
import { errorMessage } from './api-error';
import { AlertIcon } from './icons';

/**
 * A failed call, said in a red alert: the API's message, or the generic one. `role="alert"`
 * makes screen readers announce it when it appears after a submit.
 */
export function ErrorAlert({
  error,
  title,
  children,
}: {
  error: unknown;
  title?: ReactNode;
  children?: ReactNode;
}) {
  if (!error) return null;
  return (
    <Alert color="red" variant="light" icon={<AlertIcon />} title={title} role="alert">
      {errorMessage(error)}
      {children}
    </Alert>
  );
}

import '@mantine/core/styles/Alert.css';
import { useLingui } from '@lingui/react/macro';
import { Alert } from '@mantine/core';
import { isApiError } from '../api/errors';
import { ErrorAlert } from './ErrorAlert';
import { AlertIcon } from './icons';

/**
 * A failed passkey step: the API's message, or, when the browser refused (cancelled, timed out,
 * no authenticator), a sentence saying so rather than the generic failure.
 */
export function PasskeyErrorAlert({ error, title }: { error: unknown; title?: string }) {
  const { t } = useLingui();
  if (!error) return null;
  if (isApiError(error)) return <ErrorAlert error={error} title={title} />;
  return (
    <Alert color="red" variant="light" icon={<AlertIcon />} title={title} role="alert">
      {t`The browser did not use a passkey: it was cancelled, timed out, or no passkey is available here.`}
    </Alert>
  );
}

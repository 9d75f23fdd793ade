import '@mantine/core/styles/EmptyState.css';
import { Trans, useLingui } from '@lingui/react/macro';
import type { StyleProp } from '@mantine/core';
import { Button, EmptyState, Paper } from '@mantine/core';
import { AlertIcon } from '../../components/icons';

/** The event could not be loaded: the server's words (or a general one) and a way to try again. */
export function EventLoadError({
  message,
  retrying,
  onRetry,
  padding,
}: {
  message?: string;
  retrying: boolean;
  onRetry: () => void;
  /** Roomy on the event page, tight in the widget. */
  padding: StyleProp<string | number>;
}) {
  const { t } = useLingui();
  return (
    <Paper withBorder radius="lg" p={padding}>
      <title>{`${t`Something went wrong`} · Tessera`}</title>
      <EmptyState icon={<AlertIcon />} variant="light" color="red">
        <EmptyState.Title order={1}>
          <Trans>We could not load this event</Trans>
        </EmptyState.Title>
        <EmptyState.Description>
          {message ?? t`Something went wrong. Please try again.`}
        </EmptyState.Description>
        <EmptyState.Actions>
          <Button onClick={onRetry} loading={retrying}>
            <Trans>Try again</Trans>
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    </Paper>
  );
}

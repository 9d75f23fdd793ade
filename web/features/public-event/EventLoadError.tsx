import { Trans, useLingui } from '@lingui/react/macro';
import { AlertIcon } from '../../components/icons';
import { Button, Card, EmptyState } from '../../ui';

/** The event could not be loaded: the server's words (or a general one) and a way to try again. */
export function EventLoadError({
  message,
  retrying,
  onRetry,
  compact,
}: {
  message?: string;
  retrying: boolean;
  onRetry: () => void;
  /** Tight in the widget, roomy on the event page. */
  compact?: boolean;
}) {
  const { t } = useLingui();
  return (
    <Card padding={compact ? undefined : 'xl'}>
      <title>{`${t`Something went wrong`} · Tessera`}</title>
      <EmptyState
        icon={<AlertIcon />}
        tone="error"
        title={<Trans>We could not load this event</Trans>}
        actions={
          <Button onClick={onRetry} loading={retrying}>
            <Trans>Try again</Trans>
          </Button>
        }
      >
        {message ?? t`Something went wrong. Please try again.`}
      </EmptyState>
    </Card>
  );
}

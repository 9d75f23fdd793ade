import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/VisuallyHidden.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Group, Progress, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { MessageResponse } from '../../../common/messages';
import { handledShare } from './progress';

/**
 * Sent, failed and total recipients with a bar, as they move while the message is sent (the
 * page asks again every 1.5 s). Screen readers hear the outcome once, when it is done.
 */
export function MessageProgress({ message }: { message: MessageResponse }) {
  const { t, i18n } = useLingui();
  const { sent, failed, total } = message.counts;
  const share = handledShare(message);
  const percent = new Intl.NumberFormat(i18n.locale, { style: 'percent', maximumFractionDigits: 0 }).format(
    share,
  );
  const sentShare = total > 0 ? (sent / total) * 100 : share * 100;
  const failedShare = total > 0 ? (failed / total) * 100 : 0;
  const done = message.status === 'SENT' || message.status === 'FAILED';
  const number = (value: number) => new Intl.NumberFormat(i18n.locale).format(value);
  const sentText = number(sent);
  const failedText = number(failed);
  const totalText = number(total);
  return (
    <Stack gap="xs" data-testid="message-progress" data-done={done || undefined}>
      <Group justify="space-between" align="baseline" gap="sm">
        <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
          <Trans>
            <strong data-testid="message-sent">{sentText}</strong> sent ·{' '}
            <strong data-testid="message-failed">{failedText}</strong> failed · of{' '}
            <strong data-testid="message-total">{totalText}</strong>
          </Trans>
        </Text>
        <Text fw={700} data-testid="message-percent" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {percent}
        </Text>
      </Group>
      <Progress.Root size="lg" radius="xl">
        <Progress.Section value={sentShare} color="teal.8" aria-label={t`Sent`} />
        {failed > 0 ? <Progress.Section value={failedShare} color="red.8" aria-label={t`Failed`} /> : null}
      </Progress.Root>
      {message.status === 'QUEUED' ? (
        <Text size="sm" c="gray.7">
          <Trans>Waiting for its turn: the recipients are listed as soon as sending starts.</Trans>
        </Text>
      ) : null}
      <VisuallyHidden role="status">
        {done ? t`Sending finished: ${sentText} sent, ${failedText} failed, of ${totalText}.` : ''}
      </VisuallyHidden>
    </Stack>
  );
}

import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/VisuallyHidden.css';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Box,
  Button,
  Code,
  CopyButton,
  Drawer,
  Group,
  Paper,
  ScrollArea,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useState } from 'react';
import type { WebhookAttemptResponse, WebhookDeliveryResponse } from '../../../common/webhooks';
import { useDisplayTimezone } from '../profile/api';
import { DeliveryStatusBadge } from './WebhookBadges';
import { typeLabel } from './webhook-labels';

/** A time to the second, as the log needs to tell attempts apart, in the account's zone. */
export function useFormatTime(): (iso: string) => string {
  const { i18n } = useLingui();
  const timeZone = useDisplayTimezone();
  const format = new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'medium', timeZone });
  return (iso) => format.format(new Date(iso));
}

/** One delivery of the log: its attempts, its body, and Resend. */
export function DeliveryDrawer({
  delivery,
  opened,
  resending,
  onResend,
  onClose,
}: {
  /** Null while open on a delivery that is not on this page of the log. */
  delivery: WebhookDeliveryResponse | null;
  opened: boolean;
  resending: boolean;
  onResend: (delivery: WebhookDeliveryResponse) => void;
  onClose: () => void;
}) {
  const { t } = useLingui();
  // The last one shown stays while the drawer slides away.
  const [shown, setShown] = useState(delivery);
  if (delivery && delivery !== shown) setShown(delivery);
  const current = delivery ?? (opened ? null : shown);
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="xl"
      title={t`Delivery`}
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      {current ? (
        <DeliveryDetails delivery={current} resending={resending} onResend={onResend} />
      ) : (
        <Text size="sm">
          <Trans>
            This delivery is not on this page of the log. Close this panel and look on another page.
          </Trans>
        </Text>
      )}
    </Drawer>
  );
}

function DeliveryDetails({
  delivery,
  resending,
  onResend,
}: {
  delivery: WebhookDeliveryResponse;
  resending: boolean;
  onResend: (delivery: WebhookDeliveryResponse) => void;
}) {
  const { t, i18n } = useLingui();
  const time = useFormatTime();
  const label = typeLabel(delivery.type);
  const body = JSON.stringify(delivery.body, null, 2);
  const created = time(delivery.created_at);
  const delivered = delivery.delivered_at ? time(delivery.delivered_at) : null;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4}>
          <Title order={2} fz="h3">
            {label ? i18n._(label) : delivery.type}
          </Title>
          <Group gap="xs">
            <Code>{delivery.type}</Code>
            <DeliveryStatusBadge status={delivery.status} />
          </Group>
        </Stack>
        <Button variant="default" loading={resending} onClick={() => onResend(delivery)}>
          <Trans>Resend</Trans>
        </Button>
      </Group>

      <Stack gap={4} component="dl" m={0}>
        <Detail term={t`Webhook id`}>
          <Code>{delivery.webhook_id}</Code>
        </Detail>
        <Detail term={t`Created`}>{created}</Detail>
        <Detail term={t`Delivered`}>{delivered ?? '—'}</Detail>
        {delivery.resent_from_id !== null ? (
          <Detail term={t`Resent`}>
            <Trans>A copy of an earlier delivery, with the same id.</Trans>
          </Detail>
        ) : null}
      </Stack>

      <Stack gap="sm">
        <Title order={3} fz="md">
          <Trans>Attempts</Trans>
        </Title>
        {delivery.attempts.length === 0 ? (
          <Text size="sm" c="gray.7">
            <Trans>No attempt yet: the delivery is waiting its turn.</Trans>
          </Text>
        ) : (
          <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
            {delivery.attempts.map((attempt) => (
              <AttemptItem key={attempt.attempt} attempt={attempt} />
            ))}
          </Stack>
        )}
      </Stack>

      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Title order={3} fz="md">
            <Trans>Body</Trans>
          </Title>
          <CopyButton value={body}>
            {({ copied, copy }) => (
              <>
                <VisuallyHidden role="status">{copied ? t`Copied` : ''}</VisuallyHidden>
                <Button size="xs" variant="default" onClick={copy}>
                  {copied ? t`Copied` : t`Copy body`}
                </Button>
              </>
            )}
          </CopyButton>
        </Group>
        <ScrollArea.Autosize mah={420} type="auto" offsetScrollbars>
          <Code
            block
            data-testid="delivery-body"
            tabIndex={0}
            aria-label={t`Body of the delivery`}
            style={{ whiteSpace: 'pre' }}
          >
            {body}
          </Code>
        </ScrollArea.Autosize>
      </Stack>
    </Stack>
  );
}

function Detail({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="baseline">
      <Text component="dt" size="sm" c="gray.7" miw={110}>
        {term}
      </Text>
      <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}

function AttemptItem({ attempt }: { attempt: WebhookAttemptResponse }) {
  const time = useFormatTime();
  const number = attempt.attempt;
  const when = time(attempt.created_at);
  const ms = attempt.duration_ms;
  const status = attempt.status_code;
  return (
    <Paper component="li" withBorder radius="md" p="sm" data-testid="delivery-attempt">
      <Stack gap={6}>
        <Group gap="xs" justify="space-between">
          <Text size="sm" fw={600}>
            <Trans>
              Attempt {number} · {when}
            </Trans>
          </Text>
          <Group gap="xs">
            <Text size="sm" fw={600} c={status !== null && status < 300 ? 'teal.9' : 'red.9'}>
              {status !== null ? <Trans>HTTP {status}</Trans> : <Trans>No answer</Trans>}
            </Text>
            <Text size="sm" c="gray.7">
              <Trans>{ms} ms</Trans>
            </Text>
          </Group>
        </Group>
        {attempt.error ? (
          <Text size="sm" c="red.9" style={{ overflowWrap: 'anywhere' }}>
            {attempt.error}
          </Text>
        ) : null}
        {attempt.response_excerpt ? (
          <Box>
            <Text size="xs" c="gray.7">
              <Trans>Start of the answer</Trans>
            </Text>
            <ScrollArea.Autosize mah={160} type="auto">
              <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {attempt.response_excerpt}
              </Code>
            </ScrollArea.Autosize>
          </Box>
        ) : null}
      </Stack>
    </Paper>
  );
}

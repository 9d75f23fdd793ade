import '@mantine/core/styles/EmptyState.css';
import '@mantine/core/styles/Code.css';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Button, Code, EmptyState, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import type { WebhookDeliveryResponse, WebhookResponse } from '../../../common/webhooks';
import { isApiError } from '../../api/errors';
import { errorMessage } from '../../components/api-error';
import { ErrorAlert } from '../../components/ErrorAlert';
import { InlineLoader } from '../../components/InlineLoader';
import { ListPagination } from '../../components/ListPagination';
import { isForbidden, NoPermissionPage, RequirePermission } from '../../components/NoPermission';
import { notify } from '../../components/notify';
import { useDisplayTimezone } from '../profile/api';
import { DeliveriesTable } from './DeliveriesTable';
import { DeliveryDrawer } from './DeliveryDrawer';
import { SignatureHelp } from './SignatureHelp';
import { EndpointState } from './WebhookBadges';
import { WebhookModal } from './WebhookModal';
import {
  useResendWebhookDelivery,
  useSendTestWebhook,
  useWebhook,
  useWebhookDeliveries,
} from './webhooks-api';

const INTEGRATIONS = '/account/integrations';

/** `/account/integrations/webhooks/:webhookId` (ADMIN): one endpoint's delivery log. */
export function WebhookDeliveriesPage() {
  return (
    <RequirePermission permission="integrations.manage">
      <DeliveryLog />
    </RequirePermission>
  );
}

function useWebhookId(): number | null {
  const id = Number(useParams().webhookId);
  return Number.isInteger(id) && id > 0 ? id : null;
}

function BackLink() {
  return (
    <Anchor component={Link} to={INTEGRATIONS} size="sm" w="fit-content">
      <Trans>Integrations</Trans>
    </Anchor>
  );
}

function NotFound() {
  return (
    <Stack gap="sm">
      <BackLink />
      <Title order={2} fz="lg">
        <Trans>This webhook endpoint does not exist</Trans>
      </Title>
      <Text size="sm">
        <Trans>It may have been deleted. The endpoints of this account are on the integrations page.</Trans>
      </Text>
    </Stack>
  );
}

function DeliveryLog() {
  const { t } = useLingui();
  const webhookId = useWebhookId();
  const webhook = useWebhook(webhookId);
  if (webhookId === null) return <NotFound />;
  if (webhook.isPending) return <InlineLoader label={t`Loading the webhook endpoint`} />;
  if (webhook.isError) {
    if (isForbidden(webhook.error)) return <NoPermissionPage />;
    if (isApiError(webhook.error) && webhook.error.status === 404) return <NotFound />;
    return (
      <Stack gap="sm">
        <BackLink />
        <ErrorAlert error={webhook.error} title={t`Could not load the webhook endpoint`} />
        <Button variant="default" w="fit-content" onClick={() => webhook.refetch()}>
          <Trans>Try again</Trans>
        </Button>
      </Stack>
    );
  }
  return <Log webhook={webhook.data} />;
}

/** The page and the open delivery, kept in the address so that a link shows the same. */
function useLogParams() {
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number(search.get('page')) || 1);
  const delivery = Number(search.get('delivery')) || null;
  /** The query string (without "?") of the log at another page or delivery. */
  const searchFor = (next: { page?: number; delivery?: number | null }) => {
    const params = new URLSearchParams();
    const p = next.page ?? page;
    const d = next.delivery === undefined ? delivery : next.delivery;
    if (p > 1) params.set('page', String(p));
    if (d !== null) params.set('delivery', String(d));
    return params.toString();
  };
  const go = (next: { page?: number; delivery?: number | null }) =>
    setSearch(new URLSearchParams(searchFor(next)));
  return { page, delivery, searchFor, go };
}

function Log({ webhook }: { webhook: WebhookResponse }) {
  const { t, i18n } = useLingui();
  const timeZone = useDisplayTimezone();
  const params = useLogParams();
  const deliveries = useWebhookDeliveries(webhook.id, params.page);
  const test = useSendTestWebhook();
  const resend = useResendWebhookDelivery();
  const [editing, setEditing] = useState(false);
  const url = webhook.url;

  const sendTest = () =>
    test.mutate(webhook.id, {
      onSuccess: () => {
        notify(t`A test event is on its way to ${url}.`);
        params.go({ page: 1 });
      },
      onError: (error) => notify(errorMessage(error), 'error'),
    });
  const resendOne = (delivery: WebhookDeliveryResponse, fromDrawer: boolean) =>
    resend.mutate(
      { webhookId: webhook.id, deliveryId: delivery.id },
      {
        onSuccess: (copy) => {
          notify(t`The delivery has been queued again.`);
          params.go({ page: 1, delivery: fromDrawer ? copy.id : null });
        },
        onError: (error) => notify(errorMessage(error), 'error'),
      },
    );
  const list = deliveries.data?.data ?? [];
  const total = deliveries.data?.meta.total ?? 0;
  const open = list.find((d) => d.id === params.delivery) ?? null;

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <BackLink />
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={6} miw={0} maw={760}>
            <Title order={2} fz="lg">
              <Trans>Delivery log</Trans>
            </Title>
            <Group gap="xs" wrap="wrap">
              <Code fz="sm" style={{ overflowWrap: 'anywhere' }}>
                {url}
              </Code>
              <EndpointState
                webhook={webhook}
                format={
                  new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'short', timeZone })
                }
              />
            </Group>
            {webhook.description ? (
              <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
                {webhook.description}
              </Text>
            ) : null}
          </Stack>
          <Group gap="sm">
            <Button variant="default" onClick={() => setEditing(true)}>
              <Trans>Edit endpoint</Trans>
            </Button>
            <Button onClick={sendTest} loading={test.isPending}>
              <Trans>Send test event</Trans>
            </Button>
          </Group>
        </Group>
      </Stack>

      <Paper withBorder radius="lg" p={0} style={{ overflow: 'hidden' }}>
        {deliveries.isPending ? (
          <InlineLoader label={t`Loading the deliveries`} />
        ) : deliveries.isError ? (
          <Stack gap="sm" p="md">
            <ErrorAlert error={deliveries.error} title={t`Could not load the deliveries`} />
            <Button variant="default" w="fit-content" onClick={() => deliveries.refetch()}>
              <Trans>Try again</Trans>
            </Button>
          </Stack>
        ) : list.length === 0 ? (
          <EmptyState variant="light" py="xl">
            <EmptyState.Title order={3}>
              <Trans>No deliveries yet</Trans>
            </EmptyState.Title>
            <EmptyState.Description>
              <Trans>
                Each event sent to this endpoint is listed here with every attempt. Send a test event to see
                whether the endpoint answers.
              </Trans>
            </EmptyState.Description>
            <EmptyState.Actions>
              <Button onClick={sendTest} loading={test.isPending}>
                <Trans>Send test event</Trans>
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        ) : (
          <DeliveriesTable
            deliveries={list}
            linkTo={(id) => ({ search: params.searchFor({ delivery: id }) })}
            busy={deliveries.isPlaceholderData}
            onResend={(delivery) => resendOne(delivery, false)}
          />
        )}
      </Paper>
      {deliveries.data && total > 0 ? (
        <ListPagination
          count={<Plural value={total} one="# delivery" other="# deliveries" />}
          page={params.page}
          lastPage={deliveries.data.meta.last_page}
          onPage={(page) => params.go({ page, delivery: null })}
        />
      ) : null}

      <SignatureHelp />

      <DeliveryDrawer
        delivery={open}
        opened={params.delivery !== null && !deliveries.isPending}
        resending={resend.isPending}
        onResend={(delivery) => resendOne(delivery, true)}
        onClose={() => params.go({ delivery: null })}
      />
      <WebhookModal opened={editing} webhook={webhook} onClose={() => setEditing(false)} />
    </Stack>
  );
}

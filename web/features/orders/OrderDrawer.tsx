import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Divider.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Divider, Drawer, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { AdminOrderDetailResponse } from '../../../common/admin-orders';
import { ErrorAlert } from '../../components/ErrorAlert';
import { InlineLoader } from '../../components/InlineLoader';
import { dateText, useDateChoices } from '../event-dates/DateFilter';
import { formatEventDate } from '../events/datetime';
import { useOrder } from './api';
import { InvoicesSection } from './InvoicesSection';
import { CheckoutInProgress, OrderStateBadge } from './OpenCheckout';
import { OrderActionBar } from './OrderActionBar';
import { OrderActivity } from './OrderActivity';
import {
  AnswersSection,
  AttendeesSection,
  BuyerSection,
  CardFeesSection,
  LinesSection,
  RefundsSection,
} from './OrderSections';

/** One order's details and what can be done with it, beside the list. */
export function OrderDrawer({
  eventId,
  orderId,
  timezone,
  onClose,
}: {
  eventId: number;
  orderId: number | null;
  timezone: string;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const [shownId, setShownId] = useState(orderId);
  if (orderId !== null && orderId !== shownId) setShownId(orderId);
  const order = useOrder(eventId, shownId);
  return (
    <Drawer
      opened={orderId !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={t`Order`}
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      {order.isPending ? (
        <InlineLoader label={t`Loading the order`} />
      ) : order.isError ? (
        <Stack gap="sm">
          <ErrorAlert error={order.error} title={t`Could not load the order`} />
          <Button variant="default" w="fit-content" onClick={() => order.refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </Stack>
      ) : (
        <OrderDetails key={order.data.id} eventId={eventId} order={order.data} timezone={timezone} />
      )}
    </Drawer>
  );
}

function OrderDetails({
  eventId,
  order,
  timezone,
}: {
  eventId: number;
  order: AdminOrderDetailResponse;
  timezone: string;
}) {
  const { t, i18n } = useLingui();
  // The date the order is for, once the event has more than one (issue 36).
  const dates = useDateChoices(eventId, timezone);
  const forDate = dateText(order.date, timezone, i18n.locale);
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Title order={2} fz="h3" ff="monospace">
            {order.reference}
          </Title>
          <Text size="sm" c="gray.7">
            {formatEventDate(order.created_at, timezone, i18n.locale)}
          </Text>
          {dates.several ? (
            <Text size="sm" fw={600} data-testid="order-date">
              {t`For ${forDate}`}
            </Text>
          ) : null}
        </Stack>
        <OrderStateBadge order={order} size="lg" />
      </Group>
      {order.reserved_until ? (
        <CheckoutInProgress until={order.reserved_until} promoCode={order.promo_code} timezone={timezone} />
      ) : null}
      <OrderActionBar eventId={eventId} order={order} />
      <BuyerSection eventId={eventId} order={order} />
      <LinesSection order={order} />
      <CardFeesSection order={order} />
      <AttendeesSection order={order} />
      <AnswersSection order={order} />
      <RefundsSection order={order} timezone={timezone} />
      <InvoicesSection eventId={eventId} orderId={order.id} timezone={timezone} />
      <Divider />
      <OrderActivity eventId={eventId} order={order} timezone={timezone} />
    </Stack>
  );
}

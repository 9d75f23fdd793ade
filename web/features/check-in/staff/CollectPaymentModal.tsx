import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Box, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { PaymentDue } from '../../../../common/check-in';
import { formatMoney } from '../../../../common/money';

/** What the confirmation of a payment at the door shows. */
export interface Collection {
  /** The guest being let in. */
  name: string;
  reference: string | undefined;
  /** What to take for the whole order; unknown on a device whose copy predates it. */
  due: PaymentDue | undefined;
  /** The other people of the order on this list, whose tickets become valid with it. */
  others: string[];
}

/**
 * Asks before a ticket awaiting an offline payment is marked paid at the door: how much to take,
 * for which tickets, and that it settles the whole order (decision 039).
 */
export function CollectPaymentModal({
  collection,
  offline,
  busy,
  onConfirm,
  onClose,
}: {
  collection: Collection | null;
  offline: boolean;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const due = collection?.due;
  const amount = due ? formatMoney(due.total, due.currency, i18n.locale) : '';
  const name = collection?.name ?? '';
  const reference = collection?.reference ?? '';
  const others = collection?.others.join(', ') ?? '';
  return (
    <Modal
      opened={collection !== null}
      onClose={onClose}
      title={due ? t`Collect ${amount}` : t`Collect the payment`}
      centered
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      <Stack gap="md" data-testid="collect-payment">
        <Text size="sm">
          <Trans>Take the payment for the whole order before letting {name} in.</Trans>
        </Text>
        {reference || due ? (
          <Box p="sm" bg="gray.0" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
            {reference ? (
              <Text size="sm" fw={600}>
                <Trans>Order {reference}</Trans>
              </Text>
            ) : null}
            {due ? (
              <>
                <Box component="ul" m={0} mt={4} pl="md">
                  {due.items.map((item) => (
                    <Text component="li" size="sm" key={item.title} style={{ overflowWrap: 'anywhere' }}>
                      {item.quantity} × {item.title}
                    </Text>
                  ))}
                </Box>
                <Group justify="space-between" mt={6} wrap="nowrap">
                  <Text size="sm" fw={700}>
                    <Trans>Total to collect</Trans>
                  </Text>
                  <Text size="lg" fw={700} data-testid="amount-to-collect">
                    {amount}
                  </Text>
                </Group>
              </>
            ) : null}
          </Box>
        ) : null}
        {others ? (
          <Text size="sm">
            <Trans>The order’s other tickets on this list become valid too: {others}.</Trans>
          </Text>
        ) : null}
        {offline ? (
          <Text size="sm" c="gray.7">
            <Trans>Offline: recorded on this device and sent to the server once back online.</Trans>
          </Text>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button onClick={onConfirm} loading={busy}>
            {due ? t`${amount} received: check in` : t`Payment received: check in`}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

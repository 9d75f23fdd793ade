import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/InlineInput.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { AdminOrderDetailResponse } from '../../../common/admin-orders';
import { formatMoney } from '../../../common/money';
import { AmountField, useAmountError } from '../../components/AmountField';
import { amountText, readAmountField } from '../../components/amount-value';
import { apiFieldErrors } from '../../components/api-error';
import { ErrorAlert } from '../../components/ErrorAlert';
import { notify } from '../../components/notify';
import { useCancelOrder, useRefund } from './api';

/** Gives all or part of a card payment back (Stripe settles it; the order waits meanwhile). */
export function RefundModal({
  eventId,
  order,
  opened,
  onClose,
}: {
  eventId: number;
  order: AdminOrderDetailResponse;
  opened: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const refund = useRefund(eventId, order.id);
  const remaining = order.totals.remaining;
  const [amount, setAmount] = useState(amountText(remaining, order.currency));
  const amountError = useAmountError();
  const [notifyBuyer, setNotifyBuyer] = useState(true);
  const [cancel, setCancel] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const left = formatMoney(remaining, order.currency, i18n.locale);
  const submit = () => {
    const { minor } = readAmountField(amount, order.currency, { positive: true });
    const problem = amountError(amount, order.currency, { example: remaining, positive: true });
    if (problem !== null || minor === null) return setError(problem);
    setError(null);
    refund.mutate(
      { amount: minor, notify_buyer: notifyBuyer, cancel_order: cancel },
      {
        onSuccess: () => {
          notify(t`The refund has been asked of Stripe. The order shows it once Stripe confirms.`);
          onClose();
        },
        onError: (e) => setError(apiFieldErrors(e).amount?.[0] ?? null),
      },
    );
  };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t`Refund order ${order.reference}`}
      centered
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      <Stack gap="md">
        <ErrorAlert error={refund.error && !apiFieldErrors(refund.error).amount ? refund.error : null} />
        <Text size="sm">{t`Up to ${left} can be given back to the card it was paid with.`}</Text>
        <AmountField
          currency={order.currency}
          label={t`Amount to refund`}
          value={amount}
          onChange={(change) => setAmount(change.currentTarget.value)}
          error={error}
          data-autofocus
        />
        <Checkbox
          label={t`Tell the buyer by e-mail`}
          checked={notifyBuyer}
          onChange={(c) => setNotifyBuyer(c.currentTarget.checked)}
        />
        <Checkbox
          label={t`Also cancel the order (its tickets stop working)`}
          checked={cancel}
          onChange={(c) => setCancel(c.currentTarget.checked)}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button onClick={submit} loading={refund.isPending}>
            <Trans>Refund</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Voids the order's tickets and puts their seats back on sale; money is not moved. */
export function CancelOrderModal({
  eventId,
  order,
  opened,
  onClose,
}: {
  eventId: number;
  order: AdminOrderDetailResponse;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const cancel = useCancelOrder(eventId, order.id);
  const [notifyBuyer, setNotifyBuyer] = useState(true);
  const reference = order.reference;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t`Cancel order ${reference}?`}
      centered
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      <Stack gap="md">
        <ErrorAlert error={cancel.error} />
        <Text size="sm">
          <Trans>
            Its tickets stop working and their places go back on sale. Cancelling does not refund a card
            payment: refund it first.
          </Trans>
        </Text>
        <Checkbox
          label={t`Tell the buyer by e-mail`}
          checked={notifyBuyer}
          onChange={(c) => setNotifyBuyer(c.currentTarget.checked)}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            <Trans>Keep the order</Trans>
          </Button>
          <Button
            color="red.9"
            loading={cancel.isPending}
            onClick={() =>
              cancel.mutate(
                { notify_buyer: notifyBuyer },
                {
                  onSuccess: () => {
                    notify(t`Order ${reference} has been cancelled.`);
                    onClose();
                  },
                },
              )
            }
          >
            <Trans>Cancel order</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

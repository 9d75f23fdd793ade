import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/InlineInput.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Checkbox, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import type { AdminOrderDetailResponse } from '../../../common/admin-orders';
import { formatMoney } from '../../../common/money';
import { AmountField, useAmountError } from '../../components/AmountField';
import { amountText, readAmountField } from '../../components/amount-value';
import { apiFieldErrors } from '../../components/api-error';
import { ErrorAlert } from '../../components/ErrorAlert';
import { notify } from '../../components/notify';
import { useRecordRefund } from './api';

/**
 * Writes down a refund of an offline payment that the organizer gave back themselves (cash, a
 * bank transfer): how much and why. The order shows it at once; nothing is asked of Stripe.
 */
export function RecordRefundModal({
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
  const record = useRecordRefund(eventId, order.id);
  const remaining = order.totals.remaining;
  const [amount, setAmount] = useState(amountText(remaining, order.currency));
  const amountError = useAmountError();
  const [note, setNote] = useState('');
  const [notifyBuyer, setNotifyBuyer] = useState(true);
  const [cancel, setCancel] = useState(false);
  const [errors, setErrors] = useState<{ amount?: string; note?: string }>({});
  const left = formatMoney(remaining, order.currency, i18n.locale);
  const reference = order.reference;
  const submit = () => {
    const { minor } = readAmountField(amount, order.currency, { positive: true });
    const found: typeof errors = {};
    const problem = amountError(amount, order.currency, { example: remaining, positive: true });
    if (problem !== null) found.amount = problem;
    if (note.trim() === '') found.note = t`Say how and why the money went back.`;
    setErrors(found);
    if (found.amount || found.note || minor === null) return;
    record.mutate(
      { amount: minor, note: note.trim(), notify_buyer: notifyBuyer, cancel_order: cancel },
      {
        onSuccess: () => {
          notify(t`The refund of order ${reference} has been recorded.`);
          onClose();
        },
        onError: (e) => {
          const fields = apiFieldErrors(e);
          setErrors({ amount: fields.amount?.[0], note: fields.note?.[0] });
        },
      },
    );
  };
  const fieldErrors = apiFieldErrors(record.error);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t`Record a refund of order ${reference}`}
      centered
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      <Stack gap="md">
        <ErrorAlert error={record.error && !fieldErrors.amount && !fieldErrors.note ? record.error : null} />
        <Text size="sm">
          {t`This order was paid offline. Once you have given money back yourself (in cash, by bank transfer), write it down here: up to ${left}.`}
        </Text>
        <AmountField
          currency={order.currency}
          label={t`Amount given back`}
          value={amount}
          onChange={(change) => {
            setAmount(change.currentTarget.value);
            setErrors((shown) => ({ ...shown, amount: undefined }));
          }}
          error={errors.amount}
          data-autofocus
        />
        <Textarea
          label={t`How and why`}
          description={t`Kept in the order’s history, for your team.`}
          placeholder={t`Cash at the box office: the buyer cannot come.`}
          autosize
          minRows={2}
          maxLength={2000}
          withAsterisk
          value={note}
          onChange={(change) => {
            setNote(change.currentTarget.value);
            setErrors((shown) => ({ ...shown, note: undefined }));
          }}
          error={errors.note}
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
          <Button onClick={submit} loading={record.isPending}>
            <Trans>Record refund</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

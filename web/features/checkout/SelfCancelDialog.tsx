import { Trans, useLingui } from '@lingui/react/macro';
import { formatMoney } from '../../../common/money';
import { errorMessage } from '../../components/api-error';
import { Alert, Button, Dialog, Group, Stack, Text } from '../../ui';

interface Props {
  opened: boolean;
  onClose: () => void;
  onConfirm: () => void;
  pending: boolean;
  error: unknown;
  quote: { refund: number; fee: number; total: number; currency: string };
}

/** "Cancel your order?": what comes back (the total less the organizer's fee) before it is done. */
export function SelfCancelDialog({ opened, onClose, onConfirm, pending, error, quote }: Props) {
  const { t, i18n } = useLingui();
  const money = (amount: number) => formatMoney(amount, quote.currency, i18n.locale);
  const refund = money(quote.refund);
  const fee = money(quote.fee);
  return (
    <Dialog opened={opened} onClose={onClose} title={t`Cancel your order?`} closeLabel={t`Close`}>
      <Stack>
        <Text>
          <Trans>
            Your tickets will no longer be valid and the seats go back on sale. This cannot be undone.
          </Trans>
        </Text>
        {quote.total > 0 ? (
          <Text data-testid="self-cancel-refund">
            {quote.refund > 0 && quote.fee > 0 ? (
              <Trans>
                You get <strong>{refund}</strong> back to your card; the organizer keeps a fee of {fee}.
              </Trans>
            ) : quote.refund > 0 ? (
              <Trans>
                You get <strong>{refund}</strong> back to your card.
              </Trans>
            ) : (
              <Trans>Nothing is refunded.</Trans>
            )}
          </Text>
        ) : null}
        {error ? <Alert tone="error">{errorMessage(error)}</Alert> : null}
        <Group justify="end">
          <Button variant="default" onClick={onClose}>
            <Trans>Keep my order</Trans>
          </Button>
          <Button variant="danger" loading={pending} disabled={pending} onClick={onConfirm}>
            <Trans>Cancel my order</Trans>
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}

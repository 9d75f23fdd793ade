import '@mantine/core/styles/Badge.css';
import { useLingui } from '@lingui/react/macro';
import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import type { InvoiceResponse } from '../../../common/invoices';
import { formatMoney } from '../../../common/money';
import { notify } from '../../components/notify';
import { formatEventDate } from '../events/datetime';
import { downloadInvoicePdf, useOrderInvoices } from '../invoices/api';
import { DrawerSection } from './OrderSections';

const STATUS_COLORS: Record<InvoiceResponse['status'], string> = {
  PAID: 'teal',
  UNPAID: 'orange',
  CREDIT: 'gray',
};

/**
 * The order's invoice and credit notes (decision 053), each with its PDF; nothing when the
 * order has none (invoicing off, or a checkout in progress).
 */
export function InvoicesSection({
  eventId,
  orderId,
  timezone,
}: {
  eventId: number;
  orderId: number;
  timezone: string;
}) {
  const { t, i18n } = useLingui();
  const invoices = useOrderInvoices(eventId, orderId);
  if (!invoices.data || invoices.data.length === 0) return null;
  const kinds = { INVOICE: t`Invoice`, CREDIT_NOTE: t`Credit note` };
  const statuses = { PAID: t`Paid`, UNPAID: t`Unpaid`, CREDIT: t`Credit` };
  const download = (invoice: InvoiceResponse) =>
    downloadInvoicePdf(invoice).catch(() =>
      notify(t`The PDF could not be downloaded. Please try again.`, 'error'),
    );
  return (
    <DrawerSection title={t`Invoices`}>
      {invoices.data.map((invoice) => {
        const reference = invoice.reference;
        return (
          <Group key={invoice.id} justify="space-between" wrap="nowrap" data-testid="order-invoice">
            <Stack gap={0}>
              <Text size="sm" fw={600} ff="monospace">
                {reference}
              </Text>
              <Text size="xs" c="gray.7">
                {kinds[invoice.kind]} · {formatEventDate(invoice.issued_at, timezone, i18n.locale)} ·{' '}
                {formatMoney(invoice.total, invoice.currency, i18n.locale)}
              </Text>
            </Stack>
            <Group gap="sm" wrap="nowrap">
              <Badge color={STATUS_COLORS[invoice.status]} variant="light" data-status={invoice.status}>
                {statuses[invoice.status]}
              </Badge>
              <Anchor
                component="button"
                type="button"
                size="sm"
                onClick={() => download(invoice)}
                aria-label={t`Download ${reference} (PDF)`}
              >
                {t`PDF`}
              </Anchor>
            </Group>
          </Group>
        );
      })}
    </DrawerSection>
  );
}

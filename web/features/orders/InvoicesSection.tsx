import '@mantine/core/styles/VisuallyHidden.css';
import { useLingui } from '@lingui/react/macro';
import { Anchor, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { InvoiceResponse } from '../../../common/invoices';
import { formatMoney } from '../../../common/money';
import { notify } from '../../components/notify';
import { formatEventDate } from '../events/datetime';
import { downloadInvoicePdf, useOrderInvoices } from '../invoices/api';
import { INVOICE_KIND_LABELS, InvoiceStatusBadge } from '../invoices/labels';
import { DrawerSection } from './OrderSections';

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
                {i18n._(INVOICE_KIND_LABELS[invoice.kind])} ·{' '}
                {formatEventDate(invoice.issued_at, timezone, i18n.locale)} ·{' '}
                {formatMoney(invoice.total, invoice.currency, i18n.locale)}
              </Text>
            </Stack>
            <Group gap="sm" wrap="nowrap">
              <InvoiceStatusBadge status={invoice.status} />
              <Anchor component="button" type="button" size="sm" onClick={() => download(invoice)}>
                {t`Download PDF`}
                <VisuallyHidden> {reference}</VisuallyHidden>
              </Anchor>
            </Group>
          </Group>
        );
      })}
    </DrawerSection>
  );
}

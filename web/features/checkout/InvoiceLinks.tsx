import { useLingui } from '@lingui/react/macro';
import type { BuyerInvoice } from '../../../common/invoices';
import { formatMoney } from '../../../common/money';
import { Card, Group, Stack, Text, Title } from '../../ui';
import { PdfButton } from '../order-pages/TicketDownloads';

/**
 * The order's invoice and credit notes on the buyer's order page (decision 053), each a PDF to
 * download by the order's link. Nothing when the seller issues none.
 */
export function InvoiceLinks({
  invoices,
  currency,
  base,
}: {
  invoices: readonly BuyerInvoice[];
  currency: string;
  /** The order's public address in the API, which the documents' links extend. */
  base: string;
}) {
  const { t, i18n } = useLingui();
  if (invoices.length === 0) return null;
  const day = new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium' });
  return (
    <Card as="section" aria-labelledby="invoices-heading" data-testid="order-invoices">
      <Stack gap="sm">
        <Title order={2} size="h4" id="invoices-heading">
          {t`Invoices`}
        </Title>
        <Stack as="ul" gap="xs" className="ui-bare-list">
          {invoices.map((invoice) => {
            const name =
              invoice.kind === 'INVOICE'
                ? t`Invoice ${invoice.reference}`
                : t`Credit note ${invoice.reference}`;
            return (
              <Group as="li" key={invoice.id} justify="between" data-testid="order-invoice">
                <Stack gap="0">
                  <Text weight={600}>{name}</Text>
                  <Text size="sm" tone="muted">
                    {day.format(new Date(invoice.issued_at))} ·{' '}
                    {formatMoney(invoice.total, currency, i18n.locale)}
                  </Text>
                </Stack>
                <PdfButton href={`${base}/invoices/${invoice.id}/pdf`}>{t`Download ${name} (PDF)`}</PdfButton>
              </Group>
            );
          })}
        </Stack>
      </Stack>
    </Card>
  );
}

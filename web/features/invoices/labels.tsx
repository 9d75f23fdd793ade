import '@mantine/core/styles/Badge.css';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Badge } from '@mantine/core';
import type { InvoiceKind, InvoiceResponse } from '../../../common/invoices';

export type InvoiceStatus = InvoiceResponse['status'];

export const INVOICE_KIND_LABELS: Record<InvoiceKind, MessageDescriptor> = {
  INVOICE: msg`Invoice`,
  CREDIT_NOTE: msg`Credit note`,
};

export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, MessageDescriptor> = {
  PAID: msg`Paid`,
  UNPAID: msg`Unpaid`,
  CREDIT: msg`Credit`,
};

/** Light badges with text dark enough for 4.5:1 on their tint. */
const COLORS: Record<InvoiceStatus, { color: string; text: string }> = {
  PAID: { color: 'teal', text: '#05573d' },
  UNPAID: { color: 'orange', text: '#8a3a00' },
  CREDIT: { color: 'gray', text: 'gray.8' },
};

/** Paid, unpaid (an offline payment still due) or a credit note's credit. */
export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  const { i18n } = useLingui();
  return (
    <Badge
      color={COLORS[status].color}
      c={COLORS[status].text}
      variant="light"
      radius="sm"
      data-status={status}
    >
      {i18n._(INVOICE_STATUS_LABELS[status])}
    </Badge>
  );
}

import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { PublicOrder } from './api';

/**
 * The ways to pay, each a panel of the payment page. A provider plugs in with an entry here
 * and a component in `PaymentStep`'s table; the order says which ones the event takes.
 */
export const PAYMENT_PANELS = [
  {
    id: 'card',
    label: msg`Card`,
    description: msg`Pay now by card. Your tickets are confirmed at once.`,
    available: (order: PublicOrder) => order.payment_methods.card,
  },
  {
    id: 'offline',
    label: msg`Pay later`,
    description: msg`Reserve now and pay as the organizer explains. Your tickets are confirmed once they receive it.`,
    available: (order: PublicOrder) => order.payment_methods.offline,
  },
] as const satisfies readonly {
  id: string;
  label: MessageDescriptor;
  description: MessageDescriptor;
  available: (order: PublicOrder) => boolean;
}[];

export type PanelId = (typeof PAYMENT_PANELS)[number]['id'];

export const availablePanels = (order: PublicOrder) => PAYMENT_PANELS.filter((p) => p.available(order));

/** What each panel gets: the order, and how to report it is done. */
export interface PanelProps {
  order: PublicOrder;
  eventId: string;
  shortId: string;
  onError: (error: unknown) => boolean;
}

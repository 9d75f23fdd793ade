import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { TicketKind, TicketType } from '../../../common/tickets';
import { TYPE_HINTS, TYPE_LABELS } from './labels';

/** The words of the shared ticket screens for each kind of item (decision 051). */
export interface KindText {
  create: MessageDescriptor;
  edit: MessageDescriptor;
  createSubmit: MessageDescriptor;
  saveSubmit: MessageDescriptor;
  typeLabel: MessageDescriptor;
  typeFixed: MessageDescriptor;
  descriptionHint: MessageDescriptor;
  quantity: MessageDescriptor;
  deleteWarning: MessageDescriptor;
  types: Record<TicketType, MessageDescriptor>;
  hints: Record<TicketType, MessageDescriptor>;
  tiers: TierText;
}

export interface TierText {
  section: MessageDescriptor;
  intro: MessageDescriptor;
  label: MessageDescriptor;
  placeholder: MessageDescriptor;
  quantity: MessageDescriptor;
  hide: MessageDescriptor;
  add: MessageDescriptor;
}

export const KIND_TEXT: Record<TicketKind, KindText> = {
  TICKET: {
    create: msg`Create a ticket`,
    edit: msg`Edit ticket`,
    createSubmit: msg`Create ticket`,
    saveSubmit: msg`Save ticket`,
    typeLabel: msg`Ticket type`,
    typeFixed: msg`The type cannot change: this ticket has already sold.`,
    descriptionHint: msg`Shown to buyers under the ticket's title.`,
    quantity: msg`Quantity available`,
    deleteWarning: msg`The ticket will be removed from the event page. This cannot be undone.`,
    types: TYPE_LABELS,
    hints: TYPE_HINTS,
    tiers: {
      section: msg`Price tiers`,
      intro: msg`Buyers choose one tier. A tier can have its own quantity and sale dates.`,
      label: msg`Label`,
      placeholder: msg`Early bird`,
      quantity: msg`Quantity available`,
      hide: msg`Hide this tier from buyers`,
      add: msg`Add a tier`,
    },
  },
  PRODUCT: {
    create: msg`Create a product`,
    edit: msg`Edit product`,
    createSubmit: msg`Create product`,
    saveSubmit: msg`Save product`,
    typeLabel: msg`Price type`,
    typeFixed: msg`The price type cannot change: this product has already sold.`,
    descriptionHint: msg`Shown to buyers under the product's title.`,
    quantity: msg`Stock`,
    deleteWarning: msg`The product will be removed from the event page. This cannot be undone.`,
    types: {
      FREE: msg`Free`,
      PAID: msg`Paid`,
      DONATION: msg`Pay what you want`,
      TIERED: msg`Variants`,
    },
    hints: {
      FREE: msg`No charge.`,
      PAID: msg`One fixed price.`,
      DONATION: msg`Buyers choose what to pay, from a minimum you set.`,
      TIERED: msg`Sizes or flavours, each with its own price and stock.`,
    },
    tiers: {
      section: msg`Variants`,
      intro: msg`Buyers choose one variant. Each has its own price and stock.`,
      label: msg`Name`,
      placeholder: msg`M`,
      quantity: msg`Stock`,
      hide: msg`Hide this variant from buyers`,
      add: msg`Add a variant`,
    },
  },
};

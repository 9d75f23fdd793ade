import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { EventResponse } from '../../../common/events';
import type { ImageResponse } from '../../../common/images';
import type { TicketResponse } from '../../../common/tickets';
import type { MeResponse } from '../../../common/users';
import { canTakePayments, hasLocation, hasText } from './checklist-rules';

export type ChecklistKey = 'details' | 'cover' | 'tickets' | 'payment' | 'email' | 'live';

export interface ChecklistItem {
  key: ChecklistKey;
  done: boolean;
  title: ReactNode;
  description: ReactNode;
}

/** What is left to do before selling, each ticked from the data. */
export function checklist({
  event,
  images,
  me,
  tickets,
  cardPaymentsConnected,
}: {
  event: EventResponse;
  images: ImageResponse[];
  me: MeResponse;
  tickets: readonly TicketResponse[];
  /** Card payments connected for the account (false when unknown, e.g. to organizers). */
  cardPaymentsConnected: boolean;
}): ChecklistItem[] {
  return [
    {
      key: 'details',
      done: hasText(event.description) && hasLocation(event),
      title: <Trans>Fill in the event details</Trans>,
      description: <Trans>Write a description and say where it happens, or how to join online.</Trans>,
    },
    {
      key: 'cover',
      done: images.some((image) => image.type === 'EVENT_COVER'),
      title: <Trans>Upload a cover image</Trans>,
      description: <Trans>It is the first thing people see on the event page.</Trans>,
    },
    {
      key: 'tickets',
      done: tickets.length > 0,
      title: <Trans>Add tickets</Trans>,
      description: <Trans>Free, paid, pay-what-you-want or tiered: what people can book.</Trans>,
    },
    {
      key: 'payment',
      done: canTakePayments(event, tickets, cardPaymentsConnected),
      title: <Trans>Choose how buyers pay</Trans>,
      description: (
        <Trans>
          Connect Stripe under Account › Payments, or let buyers pay offline. Free tickets need neither.
        </Trans>
      ),
    },
    {
      key: 'email',
      done: me.email_confirmed,
      title: <Trans>Confirm your e-mail address</Trans>,
      description: <Trans>Events can go live only once your address is confirmed.</Trans>,
    },
    {
      key: 'live',
      done: event.status === 'LIVE',
      title: <Trans>Make the event live</Trans>,
      description: <Trans>The event page becomes public.</Trans>,
    },
  ];
}

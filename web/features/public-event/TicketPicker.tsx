import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type { ImageResponse } from '../../../common/images';
import type { CreateOrderRequest } from '../../../common/orders';
import { isApiError } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { errorMessage } from '../../components/api-error';
import { loadCatalogArea } from '../../i18n';
import { newIdempotencyKey } from '../../lib/idempotency';
import { Alert, Button, Group, Stack, Text } from '../../ui';
import { AddonSeats } from './AddonSeats';
import { addonOrderShortfalls, addonShortfalls, standalone, withAddons } from './addons';
import { checkoutPath, createOrder, type PublicTickets } from './api';
import { CategorySection } from './CategorySection';
import { catalogueGroups, sellsProducts } from './catalogue';
import { LinePicker } from './LinePicker';
import {
  donationsOk,
  errorsByLine,
  lineKey,
  type Pick,
  type Selection,
  toOrderRequest,
  totalPicked,
} from './selection';
import { TicketItem } from './TicketItem';
import { WaitlistJoin } from './WaitlistJoin';

type SeatLines = CreateOrderRequest['tickets'];
/** Only for an event with a seating plan: its code and messages load then (issue 42). */
const SeatPicker = lazy(() =>
  Promise.all([import('./seating/SeatPicker'), loadCatalogArea('seating')]).then(([module]) => module),
);

interface Props {
  eventId: string;
  tickets: PublicTickets;
  /** The promo code applied on the page, only when the server says it can be used. */
  promoCode: string | undefined;
  /** The date in the page's address (`?date=`), as written there: the tickets' query key. */
  dateParam?: string | undefined;
  timezone: string;
  dimmed: boolean;
  /** The label of the button before anything is picked (the design's continue-button text). */
  continueLabel?: string | undefined;
  /** The organizer's own label for the button, instead of "Get tickets" and "Check out" (the widget's embed option). */
  buttonText?: string | undefined;
  /** In the designer's preview the button does nothing. */
  preview?: boolean;
  /** The event's images, products' pictures among them. */
  images: readonly ImageResponse[];
}

/** The ticket list with quantity pickers, and the button that reserves what was picked. */
export function TicketPicker({
  eventId,
  tickets,
  promoCode,
  dateParam,
  timezone,
  dimmed,
  continueLabel,
  buttonText,
  preview,
  images,
}: Props) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [selection, setSelection] = useState<Selection>({});
  const [tried, setTried] = useState(false);
  const [sent, setSent] = useState<CreateOrderRequest | null>(null);
  const [seats, setSeats] = useState<{ lines: SeatLines; count: number }>({ lines: [], count: 0 });
  const onSeats = useCallback((lines: SeatLines, count: number) => setSeats({ lines, count }), []);
  // The seat picker is the browser's alone (the seats taken change by the second): never rendered on the server.
  const [inBrowser, setInBrowser] = useState(false);
  useEffect(() => setInBrowser(true), []);

  const reserve = useMutation({
    mutationFn: (request: CreateOrderRequest) => createOrder(eventId, request, newIdempotencyKey()),
    onSuccess: (order) => {
      queryClient.setQueryData(queryKeys.checkout.order(eventId, order.short_id), order);
      void navigate(checkoutPath(eventId, order.short_id, 'details'));
    },
    // What is left may have changed: show the fresh counts, keep the buyer's picks.
    onError: () =>
      void queryClient.invalidateQueries({
        queryKey: queryKeys.publicEvents.tickets(eventId, promoCode, dateParam),
      }),
  });

  // The date the buyer chose (issue 36), even while its tickets are still on their way (the
  // previous date's stay on screen meanwhile); none chosen: the date these tickets are of.
  const dateId = dateParam ? Number(dateParam) : tickets.date_id;

  const lineErrors =
    sent && reserve.error && isApiError(reserve.error) ? errorsByLine(sent, reserve.error.fieldErrors) : {};
  const picked = totalPicked(selection) + seats.count;
  // Add-ons are offered under the tickets they go with, per attendee, never on their own.
  const groups = catalogueGroups({ ...tickets, data: standalone(tickets.data) });
  const products = sellsProducts(tickets.data);
  const shortfalls = addonShortfalls(selection, tickets.data);
  const orderShortfalls = addonOrderShortfalls(selection, tickets.data);
  const addonErrors: Record<string, string> = { ...lineErrors };
  if (tried) {
    for (const [slot, min] of Object.entries(shortfalls))
      addonErrors[slot] ??= t({
        message: plural(min, {
          one: 'Choose at least one for this attendee.',
          other: 'Choose at least # for this attendee.',
        }),
      });
    for (const [slot, min] of Object.entries(orderShortfalls))
      addonErrors[slot] ??= t({
        message: plural(min, {
          one: 'Choose at least one in this order.',
          other: 'Choose at least # in this order, all attendees together.',
        }),
      });
  }
  const change = (key: string, pick: Pick) => {
    setSelection((current) => withAddons({ ...current, [key]: pick }, tickets.data));
    if (reserve.isError) reserve.reset();
  };
  const buyable = standalone(tickets.data).some((ticket) =>
    ticket.prices.some((price) => price.sale_state === 'ON_SALE'),
  );
  const amountsOk = donationsOk(selection, tickets.data);
  const addonsOk = Object.keys(shortfalls).length === 0 && Object.keys(orderShortfalls).length === 0;

  const submit = () => {
    setTried(true);
    if (picked === 0 || !amountsOk || !addonsOk || preview) return;
    const request = { ...toOrderRequest(selection, tickets.data, promoCode), date_id: dateId };
    request.tickets = [...seats.lines, ...request.tickets];
    setSent(request);
    reserve.mutate(request);
  };

  const generalError =
    reserve.error && Object.keys(lineErrors).length === 0 ? errorMessage(reserve.error) : null;

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      aria-label={products ? t`Choose tickets and products` : t`Choose tickets`}
      noValidate
    >
      {inBrowser && !preview && tickets.data.some((ticket) => ticket.seated) ? (
        <Suspense fallback={<div className="seat-picker-placeholder" />}>
          <SeatPicker
            eventId={eventId}
            tickets={tickets}
            dateId={dateId}
            onChange={onSeats}
            error={reserve.error}
          />
        </Suspense>
      ) : null}
      {groups.map(({ category, items }) => {
        const list = (
          <ul key="uncategorised" className="ticket-list" data-dimmed={dimmed ? '' : undefined}>
            {items.map((ticket) => (
              <TicketItem
                key={ticket.id}
                ticket={ticket}
                currency={tickets.currency}
                mode={tickets.price_display_mode}
                timezone={timezone}
                headingOrder={category ? 4 : 3}
                picture={images.find((image) => image.ticket_id === ticket.id)}
                waitlist={
                  <WaitlistJoin eventId={eventId} ticket={ticket} dateId={dateId} preview={preview} />
                }
                addons={
                  <AddonSeats
                    ticket={ticket}
                    context={{
                      tickets: tickets.data,
                      currency: tickets.currency,
                      selection,
                      onChange: change,
                      errors: addonErrors,
                      showProblems: tried,
                    }}
                  />
                }
                renderLine={(price) => (
                  <LinePicker
                    ticket={ticket}
                    price={price}
                    currency={tickets.currency}
                    selection={selection}
                    onChange={change}
                    serverError={lineErrors[lineKey(ticket.id, price.price_id)]}
                    showProblems={tried}
                  />
                )}
              />
            ))}
          </ul>
        );
        return category ? (
          <CategorySection key={category.id} category={category}>
            {list}
          </CategorySection>
        ) : (
          list
        );
      })}
      <Stack gap="sm" className="tickets-footer">
        {generalError ? (
          <Alert tone="error" data-testid="order-error">
            {generalError}
          </Alert>
        ) : null}
        {buyable && tried && picked === 0 ? (
          <Text tone="error" size="sm" role="alert">
            {products ? <Trans>Choose at least one item.</Trans> : <Trans>Choose at least one ticket.</Trans>}
          </Text>
        ) : null}
        {/* Nothing on sale (all sold out, or not yet): no button that can only fail. */}
        {buyable ? (
          <Group justify="end">
            <Button
              type="submit"
              size="md"
              loading={reserve.isPending}
              data-testid="checkout-button"
              data-prefetch="checkout"
            >
              {buttonText ? (
                `${buttonText}${picked > 0 ? ` (${picked})` : ''}`
              ) : picked > 0 ? (
                <Trans>Check out ({picked})</Trans>
              ) : (
                (continueLabel ?? <Trans>Get tickets</Trans>)
              )}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </form>
  );
}

import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { ImageResponse } from '../../../common/images';
import { errorMessage } from '../../components/api-error';
import { Button, Card, Group, Skeleton, Stack, Text, Title } from '../../ui';
import { inDisplayMode, type PublicTickets, previewTicketsQuery, publicTicketsQuery } from './api';
import { DateChoice } from './DateChoice';
import { DATE_PARAM } from './dates';
import { PromoCodeBox } from './PromoCodeBox';
import { TICKETS_ID } from './StickyTicketsBar';
import { TicketPicker } from './TicketPicker';

const PROMO_PARAM = 'promo_code';

/**
 * The "Tickets" section of the public event page: the tickets a buyer may see with their
 * prices, and the promo code box. A valid code lives in the address (`?promo_code=`), so a
 * shared link keeps it and the list is fetched again with it. `buttonText` relabels the
 * button that reserves the chosen tickets (the widget's embed option).
 */
export function TicketsSection({
  eventId,
  timezone,
  continueLabel,
  buttonText,
  preview,
  images,
}: {
  eventId: string;
  timezone: string;
  /** The event's images: the products' pictures among them are shown beside their products. */
  images: readonly ImageResponse[];
  /** The design's label for the button that goes on to checkout (before anything is picked). */
  continueLabel?: string;
  buttonText?: string;
  /** The homepage designer's preview: the organizer's view of the list, nothing can be reserved. */
  preview?: { mode: PublicTickets['price_display_mode'] };
}) {
  const { t } = useLingui();
  const [searchParams, setSearchParams] = useSearchParams();
  const promoCode = preview ? undefined : searchParams.get(PROMO_PARAM)?.trim() || undefined;
  // The date chosen (`?date=`, issue 36), as the address writes it; none: the next on sale.
  const dateParam = preview ? undefined : searchParams.get(DATE_PARAM) || undefined;
  // The list stays on screen while it is fetched again with another code or date.
  const buyers = useQuery({
    ...publicTicketsQuery(eventId, promoCode, dateParam),
    placeholderData: keepPreviousData,
    enabled: !preview,
  });
  const organizers = useQuery({ ...previewTicketsQuery(eventId), enabled: Boolean(preview) });
  const tickets = preview ? organizers : buyers;
  const shown: PublicTickets | undefined =
    preview && tickets.data ? inDisplayMode(tickets.data, preview.mode) : tickets.data;

  const setCode = (code: string | null) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (code) next.set(PROMO_PARAM, code);
        else next.delete(PROMO_PARAM);
        return next;
      },
      { replace: true },
    );

  return (
    <Card
      as="section"
      id={preview ? undefined : TICKETS_ID}
      aria-labelledby="tickets-heading"
      aria-busy={tickets.isFetching}
    >
      <Stack gap="sm">
        <Title order={2} size="h3" id="tickets-heading" tabIndex={-1} style={{ outline: 'none' }}>
          <Trans>Tickets</Trans>
        </Title>
        {preview ? null : (
          <DateChoice
            eventId={eventId}
            timezone={timezone}
            chosenId={dateParam === undefined ? tickets.data?.date_id : Number(dateParam)}
          />
        )}
        {tickets.isPending ? (
          <TicketsSkeleton label={t`Loading the tickets`} />
        ) : tickets.isError ? (
          <Stack gap="sm" align="start" role="alert">
            <Text>
              <Trans>We could not load the tickets.</Trans> {errorMessage(tickets.error)}
            </Text>
            <Button variant="light" loading={tickets.isFetching} onClick={() => void tickets.refetch()}>
              <Trans>Try again</Trans>
            </Button>
          </Stack>
        ) : !shown || shown.data.length === 0 ? (
          <Text tone="muted" style={{ padding: '12px 0' }} data-testid="no-tickets">
            <Trans>No tickets are on sale for this event yet.</Trans>
          </Text>
        ) : (
          <TicketPicker
            eventId={eventId}
            tickets={shown}
            promoCode={shown.promo_code?.valid ? shown.promo_code.code : undefined}
            dateParam={dateParam}
            timezone={timezone}
            dimmed={tickets.isPlaceholderData}
            continueLabel={continueLabel}
            buttonText={buttonText}
            preview={Boolean(preview)}
            images={images}
          />
        )}
        {tickets.isError || preview ? null : (
          <div className="promo-box">
            <PromoCodeBox
              eventId={eventId}
              linkCode={promoCode}
              result={tickets.isPlaceholderData ? undefined : tickets.data?.promo_code}
              onApply={(code) => setCode(code)}
              onRemove={() => setCode(null)}
            />
          </div>
        )}
      </Stack>
    </Card>
  );
}

function TicketsSkeleton({ label }: { label: string }) {
  return (
    <Stack gap="lg" role="status" aria-label={label} style={{ padding: '12px 0' }}>
      {[0, 1].map((row) => (
        <Group key={row} justify="between" gap="xl" nowrap>
          <Stack gap="xs" style={{ flex: 1 }}>
            <Skeleton height={18} width="50%" />
            <Skeleton height={12} width="80%" />
          </Stack>
          <Skeleton height={22} width={80} />
        </Group>
      ))}
    </Stack>
  );
}

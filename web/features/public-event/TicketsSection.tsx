import '@mantine/core/styles/Skeleton.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Box, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../components/api-error';
import { publicTicketsQuery } from './api';
import { PromoCodeBox } from './PromoCodeBox';
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
  buttonText,
}: {
  eventId: string;
  timezone: string;
  buttonText?: string;
}) {
  const { t } = useLingui();
  const [searchParams, setSearchParams] = useSearchParams();
  const promoCode = searchParams.get(PROMO_PARAM)?.trim() || undefined;
  // The list stays on screen while it is fetched again with another code.
  const tickets = useQuery({ ...publicTicketsQuery(eventId, promoCode), placeholderData: keepPreviousData });

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
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="tickets-heading"
      aria-busy={tickets.isFetching}
    >
      <Stack gap="sm">
        <Title order={2} fz="h3" id="tickets-heading">
          <Trans>Tickets</Trans>
        </Title>
        {tickets.isPending ? (
          <TicketsSkeleton label={t`Loading the tickets`} />
        ) : tickets.isError ? (
          <Stack gap="sm" align="flex-start" role="alert">
            <Text>
              <Trans>We could not load the tickets.</Trans> {errorMessage(tickets.error)}
            </Text>
            <Button variant="light" loading={tickets.isFetching} onClick={() => void tickets.refetch()}>
              <Trans>Try again</Trans>
            </Button>
          </Stack>
        ) : tickets.data.data.length === 0 ? (
          <Text c="gray.7" py="sm" data-testid="no-tickets">
            <Trans>No tickets are on sale for this event yet.</Trans>
          </Text>
        ) : (
          <TicketPicker
            eventId={eventId}
            tickets={tickets.data}
            promoCode={tickets.data.promo_code?.valid ? tickets.data.promo_code.code : undefined}
            timezone={timezone}
            dimmed={tickets.isPlaceholderData}
            buttonText={buttonText}
          />
        )}
        {tickets.isError ? null : (
          <Box pt="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
            <PromoCodeBox
              eventId={eventId}
              linkCode={promoCode}
              result={tickets.isPlaceholderData ? undefined : tickets.data?.promo_code}
              onApply={(code) => setCode(code)}
              onRemove={() => setCode(null)}
            />
          </Box>
        )}
      </Stack>
    </Paper>
  );
}

function TicketsSkeleton({ label }: { label: string }) {
  return (
    <Stack gap="lg" role="status" aria-label={label} py="sm">
      {[0, 1].map((row) => (
        <Group key={row} justify="space-between" wrap="nowrap" gap="xl">
          <Stack gap={8} style={{ flex: 1 }}>
            <Skeleton h={18} w="50%" radius="md" />
            <Skeleton h={12} w="80%" radius="md" />
          </Stack>
          <Skeleton h={22} w={80} radius="md" />
        </Group>
      ))}
    </Stack>
  );
}

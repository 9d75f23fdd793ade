import '@mantine/core/styles/Skeleton.css';
import { Trans } from '@lingui/react/macro';
import { Button, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { findTicketsPath, orderLinkPath } from '../../../common/order-lookup';
import { isDeadLink } from '../../components/api-error';
import { TicketOffIcon } from '../../components/icons';
import { LoadErrorState, PublicShell } from '../order-pages/PublicShell';
import { orderLinkQuery } from './api';

/**
 * `/order-link/{eventId}/{token}`: a link of a "Find my tickets" mail (decision 056). Opens the
 * order's (or ticket's) page while it is valid; once expired, says so and leads back to the form.
 */
export function OrderLinkPage() {
  const { eventId = '', token = '' } = useParams();
  const link = useQuery(orderLinkQuery(token));
  const target = link.data ? orderLinkPath(link.data) : null;
  // A page load of its own: the order's page is another section of the app, with its own styles.
  useEffect(() => {
    if (target) window.location.replace(target);
  }, [target]);
  return (
    <PublicShell title="Tessera">
      {/* A personal link: never in a search engine. */}
      <meta name="robots" content="noindex" />
      {link.isPending || target ? (
        <Stack gap="md" aria-busy="true">
          <Skeleton height={36} width="60%" />
          <Skeleton height={160} radius="lg" />
        </Stack>
      ) : isDeadLink(link.error) ? (
        <ExpiredLink eventId={eventId} />
      ) : (
        <LoadErrorState onRetry={() => void link.refetch()} retrying={link.isFetching} />
      )}
    </PublicShell>
  );
}

function ExpiredLink({ eventId }: { eventId: string }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 48 }} data-testid="order-link-expired">
      <Stack align="center" gap="sm" ta="center">
        <TicketOffIcon size={40} />
        <Title order={1} fz="h2">
          <Trans>This link has expired</Trans>
        </Title>
        <Text c="gray.7" maw={460}>
          <Trans>
            The links of a “Find my tickets” e-mail work for a day. Ask for a new one: it takes a moment.
          </Trans>
        </Text>
        {/^\d+$/.test(eventId) ? (
          <Button component={Link} to={findTicketsPath(eventId)}>
            <Trans>Ask for a new link</Trans>
          </Button>
        ) : null}
      </Stack>
    </Paper>
  );
}

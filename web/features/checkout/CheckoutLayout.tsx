import './styles';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Anchor,
  Button,
  Container,
  EmptyState,
  Grid,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, Navigate, Outlet, useLocation, useParams } from 'react-router';
import { isApiError } from '../../api/client';
import { AlertIcon } from '../../components/icons';
import { checkoutPath, eventPagePath, orderQuery, type PublicOrder } from './api';
import { useRemainingMs } from './clock';
import type { CheckoutContext } from './context';
import { eventDate } from './context';
import { OrderProblemScreen } from './OrderProblemScreen';
import { OrderSummary } from './OrderSummary';
import { ReservationBar } from './ReservationBar';
import { decideStage, type OrderProblem, problemOfError, STAGES, type Stage } from './stages';

/**
 * `/checkout/{eventId}/{orderShortId}/…`: the event, the reservation's clock, the stage and the
 * order. `compact` is the embeddable widget's variant (`/widget/{eventId}/checkout/…`): no page
 * margins and a smaller title, for a frame on another site.
 */
export function CheckoutLayout({ compact = false }: { compact?: boolean } = {}) {
  const { eventId = '', orderShortId: shortId = '' } = useParams();
  const { pathname } = useLocation();
  const stage = (STAGES.find((s) => pathname.endsWith(`/${s}`)) ?? 'details') as Stage;
  const queryClient = useQueryClient();
  const order = useQuery(orderQuery(eventId, shortId));
  const [problem, setProblem] = useState<OrderProblem | null>(null);
  const open = order.data?.status === 'RESERVED' || order.data?.status === 'PAYMENT_FAILED';
  const remaining = useRemainingMs(open ? (order.data?.reserved_until ?? null) : null);

  const fallbackEventPath = eventPagePath({ id: eventId });
  const shell = (content: React.ReactNode) => (
    <Container
      component="main"
      size="lg"
      py={compact ? 0 : { base: 'md', sm: 40 }}
      px={compact ? 0 : { base: 'sm', sm: 'md' }}
    >
      {content}
    </Container>
  );

  if (order.isPending) return shell(<CheckoutSkeleton />);
  if (order.isError) {
    const fromError = problemOfError(
      isApiError(order.error) ? order.error.code : undefined,
      isApiError(order.error) ? order.error.status : undefined,
    );
    if (fromError)
      return shell(
        <OrderProblemScreen
          problem={fromError}
          eventId={eventId}
          shortId={shortId}
          eventPath={fallbackEventPath}
        />,
      );
    return shell(<LoadError retrying={order.isFetching} onRetry={() => void order.refetch()} />);
  }

  const data = order.data;
  const eventPath = eventPagePath(data.event);
  const decision = problem
    ? ({ kind: 'problem', problem } as const)
    : decideStage(stage, { ...data, remaining });
  if (decision.kind === 'go') return <Navigate to={checkoutPath(eventId, shortId, decision.stage)} replace />;
  if (decision.kind === 'problem')
    return shell(
      <OrderProblemScreen
        problem={decision.problem}
        eventId={eventId}
        shortId={shortId}
        eventPath={eventPath}
      />,
    );

  const setOrder = (next: PublicOrder) =>
    queryClient.setQueryData(orderQuery(eventId, shortId).queryKey, next);
  const context: CheckoutContext = {
    eventId,
    shortId,
    order: data,
    setOrder,
    handleOrderError: (error) => {
      const found = isApiError(error) ? problemOfError(error.code, error.status) : null;
      if (!found) return false;
      setProblem(found);
      void queryClient.invalidateQueries({ queryKey: orderQuery(eventId, shortId).queryKey });
      return true;
    },
  };

  return shell(
    <Stack gap="lg">
      <CheckoutHeader order={data} eventPath={eventPath} compact={compact} />
      {open && remaining !== null ? (
        <ReservationBar
          order={data}
          remaining={remaining}
          onOrder={setOrder}
          onError={context.handleOrderError}
        />
      ) : null}
      <Grid gap={{ base: 'md', md: 'xl' }}>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Outlet context={context} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <OrderSummary order={data} />
        </Grid.Col>
      </Grid>
    </Stack>,
  );
}

function CheckoutHeader({
  order,
  eventPath,
  compact,
}: {
  order: PublicOrder;
  eventPath: string;
  compact: boolean;
}) {
  const { i18n } = useLingui();
  return (
    <Stack gap={4}>
      <Anchor component={Link} to={eventPath} size="sm">
        {compact ? <Trans>Back to the tickets</Trans> : <Trans>Back to the event page</Trans>}
      </Anchor>
      <Title order={1} fz={compact ? 'h3' : { base: 'h2', sm: 'h1' }} style={{ overflowWrap: 'anywhere' }}>
        {order.event.title}
      </Title>
      <Text c="gray.7">
        {eventDate(order.event.start_date, order.event.timezone, i18n.locale)}
        {order.event.location?.venue_name ? ` · ${order.event.location.venue_name}` : ''}
      </Text>
    </Stack>
  );
}

function CheckoutSkeleton() {
  const { t } = useLingui();
  return (
    <Stack gap="lg" role="status" aria-busy="true" aria-label={t`Loading your order`}>
      <Skeleton h={36} w="60%" radius="md" />
      <Skeleton h={16} w="30%" radius="md" />
      <Skeleton h={48} radius="lg" />
      <Grid>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Skeleton h={320} radius="lg" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Skeleton h={200} radius="lg" />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

function LoadError({ retrying, onRetry }: { retrying: boolean; onRetry: () => void }) {
  const { t } = useLingui();
  return (
    <Paper withBorder radius="lg" p={{ base: 'xl', sm: 48 }}>
      <title>{`${t`Something went wrong`} · Tessera`}</title>
      <EmptyState icon={<AlertIcon />} variant="light" color="red">
        <EmptyState.Title order={1}>
          <Trans>We could not load your order</Trans>
        </EmptyState.Title>
        <EmptyState.Description>
          <Trans>Something went wrong. Please try again.</Trans>
        </EmptyState.Description>
        <EmptyState.Actions>
          <Button onClick={onRetry} loading={retrying}>
            <Trans>Try again</Trans>
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    </Paper>
  );
}

import './checkout.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, Navigate, Outlet, useLocation, useParams } from 'react-router';
import { isApiError } from '../../api/client';
import { AlertIcon } from '../../components/icons';
import { ANCHOR_CLASS, Button, Card, Container, EmptyState, Skeleton, Stack, Text, Title } from '../../ui';
import { publicEventQuery } from '../public-event/api';
import { designOf } from '../public-event/design';
import { EventTheme } from '../public-event/EventTheme';
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
  const { t } = useLingui();
  const { eventId = '', orderShortId: shortId = '' } = useParams();
  const { pathname } = useLocation();
  const stage = (STAGES.find((s) => pathname.endsWith(`/${s}`)) ?? 'details') as Stage;
  const queryClient = useQueryClient();
  const order = useQuery(orderQuery(eventId, shortId));
  const [problem, setProblem] = useState<OrderProblem | null>(null);
  const open = order.data?.status === 'RESERVED' || order.data?.status === 'PAYMENT_FAILED';
  const remaining = useRemainingMs(open ? (order.data?.reserved_until ?? null) : null);

  // The event page's design: usually already fetched by the event page the buyer came from.
  // The widget's frame (compact) keeps the colours its embed code chose.
  const event = useQuery({ ...publicEventQuery(eventId), enabled: !compact });
  const design = designOf(event.data?.settings ?? {});

  const fallbackEventPath = eventPagePath({ id: eventId });
  const shell = (content: React.ReactNode) => {
    // In the widget's frame, named: the page around the frame has a main landmark of its own.
    const main = (
      <Container flush={compact} aria-label={compact ? t`Checkout` : undefined}>
        {content}
      </Container>
    );
    return compact ? (
      main
    ) : (
      <EventTheme design={design} style={{ minHeight: '100dvh' }}>
        {main}
      </EventTheme>
    );
  };

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
      <div className="checkout-grid">
        <div>
          <Outlet context={context} />
        </div>
        <OrderSummary order={data} />
      </div>
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
    <Stack gap="2xs">
      <Text size="sm">
        <Link className={ANCHOR_CLASS} to={eventPath}>
          {compact ? <Trans>Back to the tickets</Trans> : <Trans>Back to the event page</Trans>}
        </Link>
      </Text>
      <Title order={1} className="checkout-title" data-compact={compact ? '' : undefined}>
        {order.event.title}
      </Title>
      <Text tone="muted">
        <span data-testid="checkout-date">
          {eventDate(order.event.start_date, order.event.timezone, i18n.locale)}
          {order.event.date.label ? ` · ${order.event.date.label}` : ''}
        </span>
        {order.event.location?.venue_name ? ` · ${order.event.location.venue_name}` : ''}
      </Text>
    </Stack>
  );
}

function CheckoutSkeleton() {
  const { t } = useLingui();
  return (
    <Stack gap="lg" role="status" aria-busy="true" aria-label={t`Loading your order`}>
      <Skeleton height={36} width="60%" />
      <Skeleton height={16} width="30%" />
      <Skeleton height={48} round />
      <div className="checkout-grid">
        <Skeleton height={320} round />
        <Skeleton height={200} round />
      </div>
    </Stack>
  );
}

function LoadError({ retrying, onRetry }: { retrying: boolean; onRetry: () => void }) {
  const { t } = useLingui();
  return (
    <Card padding="xl">
      <title>{`${t`Something went wrong`} · Tessera`}</title>
      <EmptyState
        icon={<AlertIcon />}
        tone="error"
        title={<Trans>We could not load your order</Trans>}
        actions={
          <Button onClick={onRetry} loading={retrying}>
            <Trans>Try again</Trans>
          </Button>
        }
      >
        <Trans>Something went wrong. Please try again.</Trans>
      </EmptyState>
    </Card>
  );
}

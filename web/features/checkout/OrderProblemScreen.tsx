import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { AlertIcon, TicketOffIcon } from '../../components/icons';
import { buttonLook, Card, EmptyState } from '../../ui';
import { checkoutPath } from './api';
import type { OrderProblem } from './stages';

interface Props {
  problem: OrderProblem;
  eventId: string;
  shortId: string;
  /** The event page to start again from (`/e/{id}/{slug}`); `/e/{id}` when unknown. */
  eventPath: string;
}

/** An order that is gone, expired, cancelled or already done, and the way on. */
export function OrderProblemScreen({ problem, eventId, shortId, eventPath }: Props) {
  const { t } = useLingui();
  const title = {
    not_found: t`This order no longer exists`,
    expired: t`Your reservation has expired`,
    cancelled: t`This order was cancelled`,
    already_processed: t`This order has already been processed`,
  }[problem];
  return (
    <Card padding="xl" data-testid={`order-problem-${problem}`}>
      <title>{`${title} · Tessera`}</title>
      <EmptyState
        icon={problem === 'expired' || problem === 'cancelled' ? <TicketOffIcon /> : <AlertIcon />}
        title={title}
        actions={
          problem === 'already_processed' ? (
            <Link {...buttonLook()} to={checkoutPath(eventId, shortId, 'summary')}>
              <Trans>View your order</Trans>
            </Link>
          ) : (
            <Link {...buttonLook()} to={eventPath}>
              {problem === 'expired' ? <Trans>Start a new order</Trans> : <Trans>Back to the event</Trans>}
            </Link>
          )
        }
      >
        {problem === 'expired' ? (
          <Trans>
            The time to complete this order ran out and its tickets went back on sale. Start a new order to
            get tickets.
          </Trans>
        ) : problem === 'cancelled' ? (
          <Trans>Its tickets went back on sale. You can start a new order at any time.</Trans>
        ) : problem === 'already_processed' ? (
          <Trans>It can no longer be changed. Its summary shows where it stands.</Trans>
        ) : (
          <Trans>The link may be wrong, or the order was removed. You can start a new order.</Trans>
        )}
      </EmptyState>
    </Card>
  );
}

import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useState } from 'react';
import { Button, Loader } from '../../ui';
import type { PublicTicket } from './api';

// The form, its checks (the shared schema, and so zod) and its texts come only when a buyer
// opens it: the event page's first download stays as it was (issue 17).
const loadForm = () => import('./JoinWaitlistForm');
const JoinWaitlistForm = lazy(async () => ({ default: (await loadForm()).JoinWaitlistForm }));
const preload = () => void loadForm().catch(() => undefined);

/**
 * In place of the quantity picker of a sold-out ticket with a waiting list: a button that
 * opens the form to join it. The same markup on the server and in the browser until clicked.
 */
export function WaitlistJoin({
  eventId,
  ticket,
  dateId,
  preview,
}: {
  eventId: string;
  ticket: PublicTicket;
  /** The date whose tickets are shown (issue 36). */
  dateId?: number | undefined;
  /** The homepage designer's preview: the button is shown but does nothing. */
  preview?: boolean;
}) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const title = ticket.title;
  if (!open) {
    return (
      <Button
        variant="light"
        onClick={() => (preview ? undefined : setOpen(true))}
        onPointerEnter={preview ? undefined : preload}
        onFocus={preview ? undefined : preload}
        aria-label={t`Join the waiting list for ${title}`}
        data-testid="waitlist-join"
        style={{ alignSelf: 'flex-start' }}
      >
        <Trans>Join the waiting list</Trans>
      </Button>
    );
  }
  return (
    <Suspense fallback={<Loader label={t`Loading the form`} />}>
      <JoinWaitlistForm eventId={eventId} ticket={ticket} dateId={dateId} onCancel={() => setOpen(false)} />
    </Suspense>
  );
}

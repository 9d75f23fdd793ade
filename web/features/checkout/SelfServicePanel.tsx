import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { SelfServiceResponse } from '../../../common/self-service';
import { errorMessage } from '../../components/api-error';
import { Alert, Button, Card, Group, Skeleton, Stack, Text, Title, VisuallyHidden } from '../../ui';
import { orderQuery, questionsQuery } from './api';
import { eventDate, useCheckout } from './context';
import { asksAttendee, asksOrder } from './form';
import { SelfCancelDialog } from './SelfCancelDialog';
import { type EditTarget, SelfEditDialog } from './SelfEditDialog';
import { cancelMyOrder, editAttendee, editBuyer, selfServiceQuery } from './self-service-api';

/**
 * "Change or cancel your order" on the order page (decision 057): edit a ticket holder or the
 * buyer's details, and cancel, as far as the organizer allows; when not, why not.
 */
export function SelfServicePanel() {
  const { t, i18n } = useLingui();
  const { order, eventId, shortId, setOrder } = useCheckout();
  const client = useQueryClient();
  const state = useQuery(selfServiceQuery(eventId, shortId));
  const questions = useQuery(questionsQuery(eventId));
  const [editing, setEditing] = useState<EditTarget | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const [cancelPending, setCancelPending] = useState(false);
  const [cancelError, setCancelError] = useState<unknown>(null);
  const [done, setDone] = useState<string | null>(null);

  if (state.isPending || questions.isPending)
    return <Skeleton height={120} round role="status" aria-label={t`Loading`} />;
  if (state.isError || questions.isError)
    return <Alert tone="error">{errorMessage(state.error ?? questions.error)}</Alert>;
  const { edit, cancel } = state.data;
  if (!edit.until && !cancel.until) return null;
  const when = (iso: string) => eventDate(iso, order.event.timezone, i18n.locale);
  const asked = questions.data.data;
  const refresh = () => client.invalidateQueries({ queryKey: selfServiceQuery(eventId, shortId).queryKey });

  async function confirmCancel() {
    setCancelPending(true);
    setCancelError(null);
    try {
      const result = await cancelMyOrder({ eventId, shortId });
      setCancelling(false);
      setDone(
        result.status === 'CANCELLED'
          ? t`Your order is cancelled.`
          : t`Your order is cancelled; the refund is on its way.`,
      );
      await refresh();
      // The order page shows the order as it is now: cancelled, or its refund pending.
      setOrder(await client.fetchQuery(orderQuery(eventId, shortId)));
    } catch (error) {
      setCancelError(error);
    } finally {
      setCancelPending(false);
    }
  }

  const holderReason = (a: SelfServiceResponse['edit']['attendees'][number] | undefined) =>
    a?.reason === 'CHECKED_IN'
      ? t`Checked in: this ticket can no longer be changed.`
      : a?.reason === 'CANCELLED'
        ? t`Cancelled`
        : null;

  return (
    <Card as="section" aria-labelledby="self-service-heading" data-testid="self-service">
      <Stack gap="sm">
        <Title order={2} size="h4" id="self-service-heading">
          <Trans>Change or cancel your order</Trans>
        </Title>
        {done ? (
          <Alert tone="success" role="status">
            {done}
          </Alert>
        ) : null}
        {edit.allowed && edit.until ? (
          <Text size="sm" tone="muted">
            <Trans>You can change the details until {when(edit.until)}.</Trans>
          </Text>
        ) : edit.reason === 'DEADLINE_PASSED' ? (
          <Alert tone="info" data-testid="edit-closed">
            <Trans>Changes are closed: it is too close to the event. Please contact the organizer.</Trans>
          </Alert>
        ) : null}
        {edit.allowed ? (
          <Stack as="ul" gap="xs" className="ui-bare-list">
            {edit.fields.includes('BUYER_DETAILS') ? (
              <Group as="li" justify="between">
                <Text>
                  {order.first_name} {order.last_name} · {order.email}
                </Text>
                <Button
                  size="sm"
                  variant="light"
                  onClick={() =>
                    setEditing({
                      kind: 'buyer',
                      first_name: order.first_name ?? '',
                      last_name: order.last_name ?? '',
                      email: order.email ?? '',
                      answers: order.answers,
                      questions: asksOrder(asked),
                    })
                  }
                >
                  <Trans>Change your details</Trans>
                </Button>
              </Group>
            ) : null}
            {order.attendees.map((a) => {
              const reason = holderReason(edit.attendees.find((x) => x.short_id === a.short_id));
              const canEdit = edit.fields.some((f) => f.startsWith('ATTENDEE_'));
              return (
                <Group as="li" key={a.short_id} justify="between" data-testid="self-edit-holder">
                  <Text>
                    {a.first_name} {a.last_name} · {a.email}
                  </Text>
                  {reason ? (
                    <Text size="sm" tone="muted">
                      {reason}
                    </Text>
                  ) : canEdit ? (
                    <Button
                      size="sm"
                      variant="light"
                      onClick={() =>
                        setEditing({
                          kind: 'attendee',
                          shortId: a.short_id,
                          first_name: a.first_name,
                          last_name: a.last_name,
                          email: a.email,
                          answers: a.answers,
                          questions: asksAttendee(asked, a.ticket_id),
                        })
                      }
                    >
                      <Trans>Change</Trans>
                      <VisuallyHidden>
                        {' '}
                        {a.first_name} {a.last_name}
                      </VisuallyHidden>
                    </Button>
                  ) : null}
                </Group>
              );
            })}
          </Stack>
        ) : null}
        {cancel.allowed && cancel.until ? (
          <Group justify="between" align="center">
            <Text size="sm" tone="muted">
              <Trans>You can cancel this order until {when(cancel.until)}.</Trans>
            </Text>
            <Button variant="danger" onClick={() => setCancelling(true)}>
              <Trans>Cancel my order</Trans>
            </Button>
          </Group>
        ) : cancel.reason === 'PAID_OFFLINE' || cancel.reason === 'FREE_ONLY' ? (
          <Text size="sm" tone="muted">
            <Trans>To cancel this order, please contact the organizer.</Trans>
          </Text>
        ) : cancel.reason === 'DEADLINE_PASSED' ? (
          <Text size="sm" tone="muted">
            <Trans>Cancelling is closed: it is too close to the event.</Trans>
          </Text>
        ) : null}
      </Stack>
      {editing ? (
        <SelfEditDialog
          target={editing}
          fields={edit.fields}
          onClose={() => setEditing(null)}
          save={(body) =>
            editing.kind === 'buyer'
              ? editBuyer({ eventId, shortId }, body)
              : editAttendee({ eventId, shortId, attendeeShortId: editing.shortId ?? '' }, body)
          }
          onSaved={(fresh) => {
            setOrder(fresh);
            setEditing(null);
            setDone(t`Your changes are saved.`);
            void refresh();
          }}
        />
      ) : null}
      <SelfCancelDialog
        opened={cancelling}
        onClose={() => setCancelling(false)}
        onConfirm={() => void confirmCancel()}
        pending={cancelPending}
        error={cancelError}
        quote={{
          refund: cancel.refund,
          fee: cancel.fee,
          total: order.totals.total,
          currency: order.currency,
        }}
      />
    </Card>
  );
}

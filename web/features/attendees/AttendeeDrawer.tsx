import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/InlineInput.css';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Divider,
  Drawer,
  Group,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import type { AttendeeAction } from '../../../common/attendee-actions';
import type { AttendeeDetailResponse } from '../../../common/attendees';
import { formatMoney } from '../../../common/money';
import { errorCode, errorMessage } from '../../components/api-error';
import { ConfirmModal } from '../../components/ConfirmModal';
import { ErrorAlert } from '../../components/ErrorAlert';
import { InlineLoader } from '../../components/InlineLoader';
import { notify } from '../../components/notify';
import { ORDER_STATUS_LABELS } from '../../components/OrderStatusBadge';
import { seatText } from '../../components/seat-text';
import { dateText, useDateChoices } from '../event-dates/DateFilter';
import { formatEventDate } from '../events/datetime';
import { attendeeName } from './AttendeesTable';
import { answerLines } from './answers';
import {
  RefundAfterCancelFailed,
  useAttendee,
  useCancelAttendee,
  useReactivateAttendee,
  useResendTicket,
} from './api';
import { EditAttendeeForm } from './EditAttendeeForm';
import { AttendeeStatusBadge, ManualBadge } from './labels';

/** One attendee's details and what can be done with their ticket, beside the list. */
export function AttendeeDrawer({
  eventId,
  attendeeId,
  timezone,
  onClose,
}: {
  eventId: number;
  attendeeId: number | null;
  timezone: string;
  onClose: () => void;
}) {
  const { t } = useLingui();
  // The drawer keeps showing the attendee while it slides away.
  const [shownId, setShownId] = useState(attendeeId);
  if (attendeeId !== null && attendeeId !== shownId) setShownId(attendeeId);
  const attendee = useAttendee(eventId, shownId);

  return (
    <Drawer
      opened={attendeeId !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={t`Attendee`}
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      {attendee.isPending ? (
        <InlineLoader label={t`Loading the attendee`} />
      ) : attendee.isError ? (
        <Stack gap="sm">
          <ErrorAlert error={attendee.error} title={t`Could not load the attendee`} />
          <Button variant="default" w="fit-content" onClick={() => attendee.refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </Stack>
      ) : (
        <AttendeeDetails
          key={attendee.data.id}
          eventId={eventId}
          attendee={attendee.data}
          timezone={timezone}
        />
      )}
    </Drawer>
  );
}

function Field({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="xs" fw={700} c="gray.7" tt="uppercase">
        {label}
      </Text>
      <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

function AttendeeDetails({
  eventId,
  attendee,
  timezone,
}: {
  eventId: number;
  attendee: AttendeeDetailResponse;
  timezone: string;
}) {
  const { t, i18n } = useLingui();
  const [editing, setEditing] = useState(false);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const cancel = useCancelAttendee(eventId, attendee.id);
  const reactivate = useReactivateAttendee(eventId, attendee.id);
  const resend = useResendTicket(eventId, attendee.id);
  const dates = useDateChoices(eventId, timezone);
  const [actionError, setActionError] = useState<unknown>(null);
  const [refundProblem, setRefundProblem] = useState<string | null>(null);
  const name = attendeeName(attendee);
  // What the server allows now (`common/attendee-actions.ts`): only those are offered.
  const allows = (action: AttendeeAction) => attendee.actions.includes(action);
  const added = new Intl.DateTimeFormat(i18n.locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: timezone,
  }).format(new Date(attendee.created_at));

  const doReactivate = () => {
    setActionError(null);
    reactivate.mutate(undefined, {
      onSuccess: () => notify(t`The ticket of ${name} is active again.`),
      onError: setActionError,
    });
  };
  const refund = attendee.refund;
  const [refundToo, setRefundToo] = useState(true);
  const doCancel = () => {
    setActionError(null);
    setRefundProblem(null);
    const withRefund =
      refund && refundToo
        ? { refund, orderId: attendee.order_id, note: t`Ticket of ${name} cancelled` }
        : null;
    cancel.mutate(withRefund, {
      onSuccess: () => {
        setConfirmingCancel(false);
        notify(
          withRefund
            ? t`The ticket of ${name} has been cancelled and its price is being refunded.`
            : t`The ticket of ${name} has been cancelled.`,
        );
      },
      onError: (error) => {
        setConfirmingCancel(false);
        if (error instanceof RefundAfterCancelFailed)
          setRefundProblem(
            t`The ticket of ${name} was cancelled, but its refund failed: ${errorMessage(error.cause)} Refund it from the order.`,
          );
        else setActionError(error);
      },
    });
  };
  const doResend = () => {
    const email = attendee.email;
    resend.mutate(undefined, {
      onSuccess: () => notify(t`The ticket has been sent again to ${email}.`),
      onError: (error) =>
        notify(
          errorCode(error) === 'TICKET_EMAIL_NOT_SENT'
            ? errorMessage(error)
            : t`The ticket e-mail could not be resent. Please try again.`,
          'error',
        ),
    });
  };

  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Title order={2} fz="xl" style={{ overflowWrap: 'anywhere' }}>
          {name || '—'}
        </Title>
        <Group gap="xs">
          <AttendeeStatusBadge status={attendee.status} />
          {attendee.is_manual ? <ManualBadge /> : null}
        </Group>
      </Stack>

      <ErrorAlert error={actionError} />
      {refundProblem ? (
        <Alert color="red" variant="light" role="alert">
          {refundProblem}
        </Alert>
      ) : null}

      {editing ? (
        <EditAttendeeForm eventId={eventId} attendee={attendee} onDone={() => setEditing(false)} />
      ) : (
        <Stack component="dl" gap="sm" m={0}>
          <Field label={<Trans>E-mail</Trans>}>{attendee.email}</Field>
          <Field label={<Trans>Ticket</Trans>}>
            {attendee.price_label
              ? `${attendee.ticket_title} · ${attendee.price_label}`
              : attendee.ticket_title}
          </Field>
          {attendee.seat ? (
            <Field label={<Trans>Seat</Trans>}>
              <span data-testid="attendee-seat">{seatText(i18n, attendee.seat)}</span> ·{' '}
              <Anchor
                component={Link}
                to={`/manage/event/${eventId}/seating?date=${attendee.date_id}&seat=${encodeURIComponent(attendee.seat.key)}`}
                size="sm"
                underline="always"
              >
                <Trans>See it on the plan</Trans>
              </Anchor>
            </Field>
          ) : null}
          {dates.several ? (
            <Field label={<Trans>Date</Trans>}>{dateText(attendee.date, timezone, i18n.locale)}</Field>
          ) : null}
          <Field label={<Trans>Order</Trans>}>
            <Text span ff="monospace" size="sm">
              {attendee.order_reference}
            </Text>{' '}
            · {i18n._(ORDER_STATUS_LABELS[attendee.order_status])}
          </Field>
          <Field label={<Trans>Added</Trans>}>{added}</Field>
          <Field label={<Trans>Ticket page</Trans>}>
            <Anchor href={attendee.ticket_url} target="_blank" rel="noopener noreferrer" size="sm">
              <Trans>Open the ticket</Trans>
              <VisuallyHidden>
                <Trans>(opens in a new tab)</Trans>
              </VisuallyHidden>
            </Anchor>
          </Field>
        </Stack>
      )}

      {editing ? null : (
        <Group gap="sm">
          <Button variant="default" onClick={() => setEditing(true)}>
            <Trans>Edit</Trans>
          </Button>
          {allows('RESEND_TICKET') ? (
            <Button variant="default" onClick={doResend} loading={resend.isPending}>
              <Trans>Resend ticket e-mail</Trans>
            </Button>
          ) : null}
          {allows('CANCEL') ? (
            <Button
              variant="outline"
              color="red.9"
              onClick={() => {
                setActionError(null);
                setConfirmingCancel(true);
              }}
            >
              <Trans>Cancel ticket</Trans>
            </Button>
          ) : null}
          {allows('REACTIVATE') ? (
            <Button onClick={doReactivate} loading={reactivate.isPending}>
              <Trans>Reactivate</Trans>
            </Button>
          ) : null}
        </Group>
      )}
      {attendee.status === 'AWAITING_PAYMENT' ? (
        <Text size="sm" c="gray.7">
          <Trans>This ticket waits for its order to be paid. To cancel it, cancel the order.</Trans>
        </Text>
      ) : null}

      <Divider />
      <Stack gap="sm">
        <Title order={3} fz="md">
          <Trans>Answers</Trans>
        </Title>
        {attendee.answers.length === 0 ? (
          <Text size="sm" c="gray.7">
            <Trans>No answers were given for this ticket.</Trans>
          </Text>
        ) : (
          <Stack component="dl" gap="sm" m={0}>
            {attendee.answers.map((answer) => {
              const lines = answerLines(answer.answer);
              return (
                <Field key={answer.question_id} label={answer.title}>
                  {lines.length === 0
                    ? '—'
                    : lines.map((line, index) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: lines of one answer, in order.
                        <span key={index} style={{ display: 'block', whiteSpace: 'pre-wrap' }}>
                          {line}
                        </span>
                      ))}
                </Field>
              );
            })}
          </Stack>
        )}
      </Stack>

      <Divider />
      <Stack gap="sm">
        <Title order={3} fz="md">
          <Trans>Check-ins</Trans>
        </Title>
        {attendee.check_ins.length === 0 ? (
          <Text size="sm" c="gray.7">
            <Trans>Not checked in yet.</Trans>
          </Text>
        ) : (
          <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {attendee.check_ins.map((checkIn) => {
              const at = formatEventDate(checkIn.checked_in_at, timezone, i18n.locale);
              const list = checkIn.list_name;
              return (
                <Text key={checkIn.id} component="li" size="sm" data-testid="check-in-history">
                  {t`In at ${at} on ${list}`}
                  {checkIn.device ? ` · ${checkIn.device}` : ''}
                  {checkIn.checked_out_at ? ` · ${t`undone`}` : ''}
                </Text>
              );
            })}
          </Stack>
        )}
      </Stack>

      <ConfirmModal
        opened={confirmingCancel}
        title={t`Cancel the ticket of ${name}?`}
        confirmLabel={t`Cancel ticket`}
        loading={cancel.isPending}
        onClose={() => setConfirmingCancel(false)}
        onConfirm={doCancel}
      >
        <Stack gap="sm">
          <Text size="sm">
            <Trans>
              The ticket stops being valid and its seat goes back on sale. You can reactivate the ticket later
              while a seat is free.
            </Trans>
          </Text>
          {refund ? (
            <Checkbox
              checked={refundToo}
              onChange={(event) => setRefundToo(event.currentTarget.checked)}
              label={t`Also refund its price, ${formatMoney(refund.amount, refund.currency, i18n.locale)}, to the buyer`}
              description={
                refund.method === 'CARD'
                  ? t`Given back to the card it was paid with; a credit note follows if the order has an invoice.`
                  : t`Paid offline: give the money back yourself; it is recorded on the order, with a credit note if the order has an invoice.`
              }
            />
          ) : (
            <Text size="sm" c="gray.7">
              <Trans>The order is not refunded.</Trans>
            </Text>
          )}
        </Stack>
      </ConfirmModal>
    </Stack>
  );
}

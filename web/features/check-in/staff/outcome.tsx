import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { CheckInOutcome, CheckInResponse } from '../../../../common/check-in';
import { formatMoney } from '../../../../common/money';
import { seatText } from '../../../components/seat-text';

/** Good, careful, or stop: the colour a scan's answer is shown in. */
const TONE: Record<CheckInOutcome, 'go' | 'wait' | 'stop'> = {
  CHECKED_IN: 'go',
  ALREADY_CHECKED_IN: 'wait',
  AWAITING_PAYMENT: 'wait',
  CANCELLED: 'stop',
  NOT_ON_LIST: 'stop',
  WRONG_DATE: 'stop',
  LIST_NOT_ACTIVE: 'stop',
  LIST_EXPIRED: 'stop',
  INVALID: 'stop',
};
const COLOURS = {
  go: { bg: '#d3f9d8', border: '#2b8a3e', text: '#1b4d27' },
  wait: { bg: '#fff3bf', border: '#e67700', text: '#5c3c00' },
  stop: { bg: '#ffe3e3', border: '#c92a2a', text: '#6b1111' },
};

export const outcomeTone = (outcome: CheckInOutcome) => TONE[outcome];

/** The answer to the last scan, large and coloured, with what staff can do next. */
export function OutcomePanel({
  result,
  offline,
  onUndo,
  onMarkPaid,
  busy,
  timezone,
}: {
  result: CheckInResponse;
  offline: boolean;
  /** The event's time zone, to say when another date's ticket is for. */
  timezone?: string | undefined;
  onUndo?: () => void;
  onMarkPaid?: () => void;
  busy: boolean;
}) {
  const { t, i18n } = useLingui();
  const titles: Record<CheckInOutcome, string> = {
    CHECKED_IN: t`Checked in`,
    ALREADY_CHECKED_IN: t`Already checked in`,
    AWAITING_PAYMENT: t`Awaiting payment`,
    CANCELLED: t`Cancelled ticket`,
    NOT_ON_LIST: t`Not on this list`,
    WRONG_DATE: t`Ticket for another date`,
    LIST_NOT_ACTIVE: t`This list is not open yet`,
    LIST_EXPIRED: t`This list has closed`,
    INVALID: t`Not a valid ticket`,
  };
  const colour = COLOURS[TONE[result.outcome]];
  const who = result.attendee;
  const when = result.check_in
    ? new Intl.DateTimeFormat(i18n.locale, { hour: 'numeric', minute: '2-digit' }).format(
        new Date(result.check_in.checked_in_at),
      )
    : '';
  const device = result.check_in?.device ?? '';
  const reference = who?.order_reference;
  const due = result.payment_due;
  const amount = due ? formatMoney(due.total, due.currency, i18n.locale) : '';
  const other = result.ticket_date;
  const otherDate = other
    ? [
        new Intl.DateTimeFormat(i18n.locale, {
          weekday: 'short',
          day: 'numeric',
          month: 'short',
          hour: 'numeric',
          minute: '2-digit',
          ...(timezone ? { timeZone: timezone } : {}),
        }).format(new Date(other.starts_at)),
        other.label,
      ]
        .filter(Boolean)
        .join(' · ')
    : '';
  return (
    <Paper
      radius="lg"
      p="lg"
      role="status"
      aria-live="assertive"
      data-outcome={result.outcome}
      style={{ background: colour.bg, border: `3px solid ${colour.border}`, color: colour.text }}
    >
      <Stack gap={6}>
        <Title order={2} fz={32} c={colour.text}>
          {titles[result.outcome]}
        </Title>
        {who ? (
          <Text fz="xl" fw={700} c={colour.text}>
            {who.first_name} {who.last_name} · {who.ticket_title}
          </Text>
        ) : null}
        {who?.seat ? (
          <Text fz="lg" fw={700} c={colour.text} data-testid="outcome-seat">
            {seatText(i18n, who.seat)}
          </Text>
        ) : null}
        {result.outcome === 'AWAITING_PAYMENT' && (reference || due) ? (
          <Text c={colour.text} data-testid="payment-due">
            {[due ? t`To collect: ${amount}` : null, reference ? t`Order ${reference}` : null]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        ) : null}
        {result.outcome === 'WRONG_DATE' ? (
          <Text c={colour.text} data-testid="other-date">
            {otherDate
              ? t`This ticket is for ${otherDate}. This list lets in another date only.`
              : t`This ticket is for another date. This list lets in one date only.`}
          </Text>
        ) : null}
        {result.outcome === 'ALREADY_CHECKED_IN' && result.check_in ? (
          <Text c={colour.text}>
            {device
              ? t`Ticket already scanned at ${when} on ${device}.`
              : t`Ticket already scanned at ${when}.`}
          </Text>
        ) : null}
        {offline ? (
          <Text size="sm" c={colour.text}>
            <Trans>Decided on this device while offline; it is sent to the server once back online.</Trans>
          </Text>
        ) : null}
        <Group gap="sm" mt={4}>
          {onUndo ? (
            <Button variant="white" color="dark" onClick={onUndo} loading={busy}>
              <Trans>Undo check-in</Trans>
            </Button>
          ) : null}
          {onMarkPaid ? (
            <Button color="dark" onClick={onMarkPaid} loading={busy}>
              <Trans>Mark paid and check in</Trans>
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}

/** A short beep and a buzz where the device can: good news once, bad news twice. */
export function signal(outcome: CheckInOutcome): void {
  const good = TONE[outcome] === 'go';
  navigator.vibrate?.(good ? 80 : [80, 60, 80]);
  try {
    const audio = new AudioContext();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = good ? 880 : 220;
    gain.gain.value = 0.08;
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + (good ? 0.12 : 0.3));
    tone.onended = () => void audio.close();
  } catch {
    // No sound on this device.
  }
}

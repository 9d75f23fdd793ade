import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Progress.css';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Box, Button, Container, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router';
import type { CheckInAttendee, CheckInRequest, CheckInResponse } from '../../../../common/check-in';
import { InlineLoader } from '../../../components/InlineLoader';
import { AlertIcon, WifiOffIcon } from '../../../components/icons';
import { LanguageSwitcher } from '../../../components/LanguageSwitcher';
import { Logo } from '../../../components/Logo';
import { useOwnOfflineIndicator } from '../../../components/OfflineNotice';
import { dateText } from '../../event-dates/DateFilter';
import { type Collection, CollectPaymentModal } from './CollectPaymentModal';
import type { ScanAnswer } from './check-in-sync';
import { OutcomePanel, signal } from './outcome';
import { PeopleSearch } from './PeopleSearch';
import { Scanner } from './Scanner';
import { useCheckInSync } from './useCheckInSync';

/** `/check-in/{shortId}`: door staff scan tickets or find people by name; also offline. */
export function StaffCheckInPage() {
  const { t, i18n } = useLingui();
  // The page's own banner says when it is offline, and how many scans wait.
  useOwnOfflineIndicator();
  const { shortId = '' } = useParams();
  const { load, online, waiting, refresh, checkIn, undo } = useCheckInSync(shortId);
  const [result, setResult] = useState<(ScanAnswer & { scan: CheckInRequest }) | null>(null);
  const [busy, setBusy] = useState(false);
  // A payment at the door waiting for staff to confirm they took it.
  const [collecting, setCollecting] = useState<Collection | null>(null);

  const submit = async (scan: CheckInRequest) => {
    if (load.status !== 'ready') return;
    setBusy(true);
    try {
      const answer = await checkIn(scan);
      setResult(answer ? { ...answer, scan } : null);
      if (answer) signal(answer.response.outcome);
    } finally {
      setBusy(false);
      setCollecting(null);
    }
  };

  const undoLast = async () => {
    const last = result?.response.check_in;
    if (!last || last.id < 0) return;
    setBusy(true);
    try {
      if (await undo(last.id)) setResult(null);
    } finally {
      setBusy(false);
    }
  };

  if (load.status === 'loading') {
    return (
      <StaffFrame title={t`Check-in`}>{<InlineLoader label={t`Loading the check-in list`} />}</StaffFrame>
    );
  }
  if (load.status !== 'ready') {
    return (
      <StaffFrame title={t`Check-in`}>
        <Alert
          color="red"
          icon={<AlertIcon />}
          title={load.status === 'gone' ? t`Check-in list not found` : t`Failed to load the check-in list`}
          styles={{ title: { color: 'var(--mantine-color-text)' } }}
        >
          {load.status === 'gone' ? (
            <Trans>This link does not work (any more). Ask the organizer for the current one.</Trans>
          ) : (
            <Trans>Check the connection and try again.</Trans>
          )}
          <Button mt="sm" variant="default" onClick={() => void refresh()}>
            <Trans>Try again</Trans>
          </Button>
        </Alert>
      </StaffFrame>
    );
  }

  const { list, attendees } = load.data;
  const inside = attendees.filter((a) => a.check_in && a.status === 'ACTIVE').length;
  const expected = attendees.filter((a) => a.status === 'ACTIVE').length;
  const last = result?.response;
  const listName = list.name;

  return (
    <StaffFrame title={`${listName} · ${list.event.title}`}>
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={1} fz="h3">
            {listName}
          </Title>
          <Text c="gray.7">
            {list.date
              ? `${list.event.title} · ${dateText(list.date, list.event.timezone, i18n.locale)}`
              : list.event.title}
          </Text>
          {list.description ? <Text size="sm">{list.description}</Text> : null}
        </Stack>
        <Paper withBorder radius="md" p="sm">
          <Group justify="space-between">
            <Text fw={700}>
              <Trans>Checked in</Trans>
            </Text>
            <Text fw={700} data-testid="checked-in-count">
              {inside} / {expected}
            </Text>
          </Group>
          <Progress mt={6} value={expected ? (inside / expected) * 100 : 0} aria-label={t`Checked in`} />
        </Paper>
        {!online || waiting > 0 ? (
          <Alert color={online ? 'blue' : 'orange'} icon={<WifiOffIcon />} data-testid="offline-banner">
            {online
              ? plural(waiting, {
                  one: 'Back online: sending # scan made offline…',
                  other: 'Back online: sending # scans made offline…',
                })
              : plural(waiting, {
                  one: 'Offline. Scans are checked on this device; # waiting to be sent.',
                  other: 'Offline. Scans are checked on this device; # waiting to be sent.',
                })}
          </Alert>
        ) : null}
        {list.state !== 'ACTIVE' ? (
          <Alert color="red" icon={<AlertIcon />}>
            {list.state === 'EXPIRED' ? t`This list has closed.` : t`This list is not open yet.`}
          </Alert>
        ) : null}
        {last ? (
          <OutcomePanel
            result={last}
            offline={result.offline}
            busy={busy}
            timezone={list.event.timezone}
            onUndo={
              last.outcome === 'CHECKED_IN' && (last.check_in?.id ?? -1) > 0
                ? () => void undoLast()
                : undefined
            }
            onMarkPaid={
              last.outcome === 'AWAITING_PAYMENT'
                ? () => setCollecting(collectionFor(last, attendees))
                : undefined
            }
          />
        ) : null}
        <CollectPaymentModal
          collection={collecting}
          offline={!online}
          busy={busy}
          onClose={() => setCollecting(null)}
          onConfirm={() => result && void submit({ ...result.scan, mark_paid: true })}
        />
        <Scanner paused={busy} onCode={(code) => void submit({ ticket_code: code })} />
        <PeopleSearch
          shortId={shortId}
          attendees={attendees}
          online={online}
          busy={busy}
          onCheckIn={(attendeeId) => void submit({ attendee_id: attendeeId })}
        />
      </Stack>
    </StaffFrame>
  );
}

/** What to collect for the order of the person an AWAITING_PAYMENT answer is about. */
function collectionFor(answer: CheckInResponse, attendees: CheckInAttendee[]): Collection {
  const who = answer.attendee;
  const own = attendees.find((a) => a.id === who?.id);
  const reference = who?.order_reference ?? own?.order_reference;
  const others = reference
    ? attendees.filter((a) => a.order_reference === reference && a.id !== who?.id)
    : [];
  return {
    name: who ? `${who.first_name} ${who.last_name}`.trim() : '',
    reference,
    due: answer.payment_due ?? own?.payment_due ?? undefined,
    others: others.map((a) => `${a.first_name} ${a.last_name}`.trim()),
  };
}

function StaffFrame({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box mih="100vh" bg="gray.0">
      <title>{`${title} · Tessera`}</title>
      <Box component="header" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Container size="xs" py="xs">
          <Group justify="space-between">
            <Logo />
            <LanguageSwitcher nameVisibleFrom="xs" />
          </Group>
        </Container>
      </Box>
      <Container component="main" size="xs" py="md">
        {children}
      </Container>
    </Box>
  );
}

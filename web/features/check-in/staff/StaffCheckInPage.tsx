import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Progress.css';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Box,
  Button,
  Container,
  Group,
  Paper,
  Progress,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router';
import type { CheckInAttendee, CheckInRequest, CheckInResponse } from '../../../../common/check-in';
import { isApiError } from '../../../api/client';
import { InlineLoader } from '../../../components/InlineLoader';
import { AlertIcon, WifiOffIcon } from '../../../components/icons';
import { LanguageSwitcher } from '../../../components/LanguageSwitcher';
import { Logo } from '../../../components/Logo';
import { useOwnOfflineIndicator } from '../../../components/OfflineNotice';
import { deleteCheckIn, fetchWholeList, isNetworkError, postCheckIn, searchAttendees } from './api';
import { OutcomePanel, signal } from './outcome';
import { Scanner } from './Scanner';
import { dequeue, enqueue, loadList, newNonce, queued, saveList } from './store';
import { decideOffline, type OfflineList, offlineAnswer } from './verify';

type Load =
  | { status: 'loading' }
  | { status: 'gone' }
  | { status: 'failed' }
  | { status: 'ready'; data: OfflineList };

/** What this device calls itself on check-ins ("Phone 4821"), kept between visits. */
function deviceName(): string {
  const saved = localStorage.getItem('tessera_device');
  if (saved) return saved;
  const name = `Phone ${Math.floor(1000 + Math.random() * 9000)}`;
  localStorage.setItem('tessera_device', name);
  return name;
}

/** `/check-in/{shortId}`: door staff scan tickets or find people by name; also offline. */
export function StaffCheckInPage() {
  const { t } = useLingui();
  // The page's own banner says when it is offline, and how many scans wait.
  useOwnOfflineIndicator();
  const { shortId = '' } = useParams();
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [online, setOnline] = useState(() => navigator.onLine);
  const [waiting, setWaiting] = useState(0);
  const [result, setResult] = useState<{
    response: CheckInResponse;
    offline: boolean;
    scan: CheckInRequest;
  } | null>(null);
  const [busy, setBusy] = useState(false);
  const [search, setSearch] = useState('');
  const device = useMemo(deviceName, []);
  // An order reference is matched by the server (the device only knows names), while online.
  const [byReference, setByReference] = useState<Set<number>>(new Set());
  useEffect(() => {
    const text = search.trim();
    setByReference(new Set());
    if (text.length < 6 || !online) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      searchAttendees(shortId, text, controller.signal)
        .then((people) => setByReference(new Set(people.map((p) => p.id))))
        .catch(() => undefined);
    }, 300);
    return () => {
      controller.abort();
      window.clearTimeout(timer);
    };
  }, [search, online, shortId]);
  const syncing = useRef(false);

  const refresh = useCallback(async () => {
    try {
      const data = await fetchWholeList(shortId);
      await saveList(shortId, data);
      setLoad({ status: 'ready', data });
    } catch (error) {
      if (isApiError(error) && error.status === 404) return setLoad({ status: 'gone' });
      const saved = await loadList(shortId).catch(() => undefined);
      setLoad(saved ? { status: 'ready', data: saved } : { status: 'failed' });
    }
  }, [shortId]);

  /**
   * Marks an attendee in (or out) in the device's copy, so the list and offline scans agree. The
   * attendee is found by id only: two people may share a name.
   */
  const remember = useCallback(
    (attendeeId: number, checkIn: CheckInAttendee['check_in']) => {
      setLoad((current) => {
        if (current.status !== 'ready') return current;
        const attendees = current.data.attendees.map((a) =>
          a.id === attendeeId
            ? { ...a, check_in: checkIn, status: checkIn ? ('ACTIVE' as const) : a.status }
            : a,
        );
        const data = { ...current.data, attendees };
        void saveList(shortId, data);
        return { status: 'ready', data };
      });
    },
    [shortId],
  );

  /** What the server answered, in the device's copy: who is in now, or not after all. */
  const rememberAnswer = useCallback(
    (response: CheckInResponse) => {
      if (!response.attendee) return;
      const inside = response.outcome === 'CHECKED_IN' || response.outcome === 'ALREADY_CHECKED_IN';
      if (inside && response.check_in) remember(response.attendee.id, response.check_in);
      else if (!inside) remember(response.attendee.id, null);
    },
    [remember],
  );

  /** Uploads the scans made offline; each, answered, leaves the queue. */
  const sync = useCallback(async () => {
    if (syncing.current || !navigator.onLine) return;
    syncing.current = true;
    try {
      for (const scan of await queued(shortId)) {
        try {
          rememberAnswer(await postCheckIn(shortId, scan.body));
        } catch (error) {
          if (isNetworkError(error)) return;
        }
        await dequeue(scan.nonce);
      }
      await refresh();
    } finally {
      setWaiting((await queued(shortId).catch(() => [])).length);
      syncing.current = false;
    }
  }, [shortId, refresh, rememberAnswer]);

  useEffect(() => {
    void refresh().then(sync);
    const up = () => {
      setOnline(true);
      void sync();
    };
    const down = () => setOnline(false);
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    const timer = window.setInterval(() => void sync(), 15_000);
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
      window.clearInterval(timer);
    };
  }, [refresh, sync]);

  const submit = async (scan: CheckInRequest) => {
    if (load.status !== 'ready') return;
    setBusy(true);
    const body = { ...scan, nonce: newNonce(), device };
    try {
      const response = await postCheckIn(shortId, body);
      setResult({ response, offline: false, scan });
      signal(response.outcome);
      rememberAnswer(response);
    } catch (error) {
      if (!isNetworkError(error)) {
        if (isApiError(error) && error.status === 404) setLoad({ status: 'gone' });
        setResult(null);
        return;
      }
      // Offline: decide here, keep the scan for later.
      setOnline(false);
      const now = new Date();
      const decided = await decideOffline(
        load.data,
        scan.ticket_code ? { code: scan.ticket_code } : { attendeeId: scan.attendee_id ?? 0 },
        now,
      );
      const response = offlineAnswer(decided, now, device);
      if (decided.outcome === 'CHECKED_IN') {
        await enqueue({ shortId, nonce: body.nonce, body: { ...body, scanned_at: now.toISOString() } });
        setWaiting((n) => n + 1);
        if (response.attendee) remember(response.attendee.id, response.check_in ?? null);
      }
      setResult({ response, offline: true, scan });
      signal(response.outcome);
    } finally {
      setBusy(false);
    }
  };

  const undo = async () => {
    const checkIn = result?.response.check_in;
    if (!checkIn || checkIn.id < 0) return;
    setBusy(true);
    try {
      const undone = await deleteCheckIn(shortId, checkIn.id);
      remember(undone.attendee.id, null);
      setResult(null);
    } catch {
      // The answer stays on screen; the list shows the truth after the next refresh.
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
  const needle = search.trim().toLowerCase();
  const found = needle
    ? attendees
        .filter(
          (a) => `${a.first_name} ${a.last_name}`.toLowerCase().includes(needle) || byReference.has(a.id),
        )
        .slice(0, 20)
    : [];
  const last = result?.response;
  const listName = list.name;

  return (
    <StaffFrame title={`${listName} · ${list.event.title}`}>
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={1} fz="h3">
            {listName}
          </Title>
          <Text c="gray.7">{list.event.title}</Text>
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
            onUndo={
              last.outcome === 'CHECKED_IN' && (last.check_in?.id ?? -1) > 0 ? () => void undo() : undefined
            }
            onMarkPaid={
              last.outcome === 'AWAITING_PAYMENT' && !result.offline
                ? () => void submit({ ...result.scan, mark_paid: true })
                : undefined
            }
          />
        ) : null}
        <Scanner paused={busy} onCode={(code) => void submit({ ticket_code: code })} />
        <TextInput
          label={t`Find by name or order reference`}
          type="search"
          value={search}
          onChange={(change) => setSearch(change.currentTarget.value)}
        />
        {found.length > 0 ? (
          <Stack
            gap="xs"
            component="ul"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label={t`People found`}
          >
            {found.map((a) => {
              const name = `${a.first_name} ${a.last_name}`;
              return (
                <Group
                  key={a.id}
                  component="li"
                  justify="space-between"
                  wrap="nowrap"
                  data-testid="staff-attendee"
                >
                  <Box>
                    <Text fw={600}>{name}</Text>
                    <Text size="sm" c="gray.7">
                      {a.ticket_title}
                      {a.status === 'CANCELLED' ? ` · ${t`Cancelled`}` : ''}
                      {a.status === 'AWAITING_PAYMENT' ? ` · ${t`Awaiting payment`}` : ''}
                      {a.check_in ? ` · ${t`Checked in`}` : ''}
                    </Text>
                  </Box>
                  <Button
                    size="sm"
                    disabled={busy || Boolean(a.check_in)}
                    onClick={() => void submit({ attendee_id: a.id })}
                    aria-label={t`Check in ${name}`}
                  >
                    <Trans>Check in</Trans>
                  </Button>
                </Group>
              );
            })}
          </Stack>
        ) : needle ? (
          <Text c="gray.7">
            <Trans>Nobody on this list matches.</Trans>
          </Text>
        ) : null}
      </Stack>
    </StaffFrame>
  );
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

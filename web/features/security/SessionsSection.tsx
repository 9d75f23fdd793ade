import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/VisuallyHidden.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Badge, Button, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { UserSessionResponse } from '../../../common/sessions';
import { ConfirmModal } from '../../components/ConfirmModal';
import { ErrorAlert } from '../../components/ErrorAlert';
import { InlineLoader } from '../../components/InlineLoader';
import { LoadError } from '../../components/LoadError';
import { notify } from '../../components/notify';
import { Section } from '../../components/Section';
import { useDisplayTimezone } from '../profile/api';
import { sessionsQuery, useEndOtherSessions, useEndSession } from './api';

/** "Germany", "Local network", or "Unknown place". */
function usePlaceName() {
  const { t, i18n } = useLingui();
  const regions = new Intl.DisplayNames([i18n.locale], { type: 'region', fallback: 'code' });
  return (country: string | null) => {
    if (country === 'LOCAL') return t`Local network`;
    if (!country) return t`Unknown place`;
    try {
      return regions.of(country) ?? country;
    } catch {
      return country;
    }
  };
}

function SessionsTable({
  sessions,
  onEnd,
}: {
  sessions: UserSessionResponse[];
  onEnd: (session: UserSessionResponse) => void;
}) {
  const { t, i18n } = useLingui();
  const timeZone = useDisplayTimezone();
  const format = new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'short', timeZone });
  const placeName = usePlaceName();
  return (
    <Table.ScrollContainer minWidth={640} type="native">
      <Table verticalSpacing="sm" aria-label={t`Your sessions`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>Device and browser</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Place</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Last seen</Trans>
            </Table.Th>
            <Table.Th>
              <VisuallyHidden>
                <Trans>Actions</Trans>
              </VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sessions.map((session) => {
            const what = [session.browser, session.device].filter(Boolean).join(' · ') || t`Unknown browser`;
            const account = session.account.name;
            return (
              <Table.Tr
                key={session.id}
                data-testid="session-row"
                data-current={session.current || undefined}
              >
                <Table.Td>
                  <Stack gap={2}>
                    <Group gap="xs">
                      <Text size="sm" fw={600}>
                        {what}
                      </Text>
                      {session.current ? (
                        <Badge color="teal" variant="dot" tt="none">
                          <Trans>This session</Trans>
                        </Badge>
                      ) : null}
                    </Group>
                    <Text size="xs" c="dimmed">
                      <Trans>In {account}</Trans>
                    </Text>
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <Stack gap={2}>
                    <Text size="sm">{placeName(session.country)}</Text>
                    {session.ip ? (
                      <Text size="xs" c="dimmed">
                        {session.ip}
                      </Text>
                    ) : null}
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{format.format(new Date(session.last_used_at))}</Text>
                </Table.Td>
                <Table.Td>
                  <Group justify="flex-end" wrap="nowrap">
                    {session.current ? null : (
                      <Button
                        size="xs"
                        variant="default"
                        color="red"
                        onClick={() => onEnd(session)}
                        aria-label={t`End the session of ${what}`}
                      >
                        <Trans>End</Trans>
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Where the user is signed in, and ending one or all other sessions (decision 066). */
export function SessionsSection() {
  const { t } = useLingui();
  const list = useQuery(sessionsQuery());
  const end = useEndSession();
  const endOthers = useEndOtherSessions();
  const [ending, setEnding] = useState<UserSessionResponse>();
  const [endingOthers, setEndingOthers] = useState(false);
  const others = list.data?.data.filter((s) => !s.current).length ?? 0;

  return (
    <Section
      title={t`Sessions`}
      description={t`Where you are signed in. End a session you do not recognise: it is signed out at once.`}
    >
      {list.isPending ? (
        <InlineLoader />
      ) : list.isError ? (
        <LoadError
          error={list.error}
          title={t`Could not load your sessions`}
          onRetry={() => list.refetch()}
        />
      ) : (
        <Stack gap="md">
          <ErrorAlert error={end.error ?? endOthers.error} title={t`Could not end the session`} />
          <SessionsTable sessions={list.data.data} onEnd={setEnding} />
          {others === 0 ? (
            <Text size="sm" c="dimmed">
              <Trans>You are not signed in anywhere else.</Trans>
            </Text>
          ) : (
            <Group>
              <Button variant="default" color="red" onClick={() => setEndingOthers(true)}>
                <Trans>End all other sessions</Trans>
              </Button>
            </Group>
          )}
          <Text size="xs" c="dimmed">
            <Trans>
              Places are approximate, from the address.{' '}
              <Anchor
                href="https://db-ip.com"
                target="_blank"
                rel="noopener noreferrer"
                size="xs"
                underline="always"
              >
                IP Geolocation by DB-IP
              </Anchor>
            </Trans>
          </Text>
        </Stack>
      )}
      <ConfirmModal
        opened={ending !== undefined}
        title={t`End this session?`}
        confirmLabel={t`End session`}
        loading={end.isPending}
        onConfirm={() =>
          ending &&
          end.mutate(ending.id, {
            onSuccess: () => notify(t`The session has been ended.`),
            onSettled: () => setEnding(undefined),
          })
        }
        onClose={() => setEnding(undefined)}
      >
        <Trans>That browser is signed out at once and must sign in again.</Trans>
      </ConfirmModal>
      <ConfirmModal
        opened={endingOthers}
        title={t`End all other sessions?`}
        confirmLabel={t`End all other sessions`}
        loading={endOthers.isPending}
        onConfirm={() =>
          endOthers.mutate(undefined, {
            onSuccess: ({ ended }) => notify(t`Sessions ended: ${ended}.`),
            onSettled: () => setEndingOthers(false),
          })
        }
        onClose={() => setEndingOthers(false)}
      >
        <Trans>Every other browser and device is signed out at once. This session stays signed in.</Trans>
      </ConfirmModal>
    </Section>
  );
}

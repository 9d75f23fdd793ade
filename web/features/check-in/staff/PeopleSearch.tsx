import { Trans, useLingui } from '@lingui/react/macro';
import { Box, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { CheckInAttendee } from '../../../../common/check-in';
import { searchAttendees } from './api';

/**
 * Finds people on the list by name (on the device, also offline) or by their order reference
 * (the server matches those, while online), to check them in by hand.
 */
export function PeopleSearch({
  shortId,
  attendees,
  online,
  busy,
  onCheckIn,
}: {
  shortId: string;
  attendees: CheckInAttendee[];
  online: boolean;
  busy: boolean;
  onCheckIn: (attendeeId: number) => void;
}) {
  const { t } = useLingui();
  const [search, setSearch] = useState('');
  const byReference = useReferenceMatches(shortId, search, online);
  const needle = search.trim().toLowerCase();
  const found = needle
    ? attendees
        .filter(
          (a) => `${a.first_name} ${a.last_name}`.toLowerCase().includes(needle) || byReference.has(a.id),
        )
        .slice(0, 20)
    : [];
  return (
    <>
      <TextInput
        label={t`Find by name or order reference`}
        type="search"
        value={search}
        onChange={(change) => setSearch(change.currentTarget.value)}
      />
      {found.length > 0 ? (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t`People found`}>
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
                  onClick={() => onCheckIn(a.id)}
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
    </>
  );
}

/** The ids of the attendees whose order reference the server matched to `search` (6+ characters). */
function useReferenceMatches(shortId: string, search: string, online: boolean): Set<number> {
  const [matches, setMatches] = useState<Set<number>>(new Set());
  useEffect(() => {
    const text = search.trim();
    setMatches(new Set());
    if (text.length < 6 || !online) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      searchAttendees(shortId, text, controller.signal)
        .then((people) => setMatches(new Set(people.map((p) => p.id))))
        .catch(() => undefined);
    }, 300);
    return () => {
      controller.abort();
      window.clearTimeout(timer);
    };
  }, [search, online, shortId]);
  return matches;
}

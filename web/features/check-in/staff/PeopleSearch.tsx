import { Trans, useLingui } from '@lingui/react/macro';
import { Box, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { CheckInAttendee } from '../../../../common/check-in';
import { formatMoney } from '../../../../common/money';
import { seatText } from '../../../components/seat-text';
import { searchAttendees } from './api';

/**
 * Finds people on the list by name or order reference (on the device, also offline) or by their
 * whole e-mail address (the server matches those, while online), to check them in by hand. Each
 * row says what tells namesakes apart: the order's reference and a hint of the e-mail.
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
  const { t, i18n } = useLingui();
  const [search, setSearch] = useState('');
  const byServer = useServerMatches(shortId, search, online);
  const needle = search.trim().toLowerCase();
  const found = needle
    ? attendees
        .filter(
          (a) =>
            `${a.first_name} ${a.last_name}`.toLowerCase().includes(needle) ||
            (needle.length >= 4 && (a.order_reference ?? '').toLowerCase().startsWith(needle)) ||
            byServer.has(a.id),
        )
        .slice(0, 20)
    : [];
  return (
    <>
      <TextInput
        label={t`Find by name, order reference or e-mail`}
        type="search"
        value={search}
        onChange={(change) => setSearch(change.currentTarget.value)}
      />
      {found.length > 0 ? (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t`People found`}>
          {found.map((a) => {
            const name = `${a.first_name} ${a.last_name}`.trim();
            const due = a.status === 'AWAITING_PAYMENT' && a.payment_due ? a.payment_due : null;
            const reference = a.order_reference;
            return (
              <Group
                key={a.id}
                component="li"
                justify="space-between"
                wrap="nowrap"
                gap="sm"
                data-testid="staff-attendee"
              >
                {/* Takes the room left by the button, and wraps within it. */}
                <Box style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                  <Text fw={600}>{name}</Text>
                  <Text size="sm" c="gray.7">
                    {a.ticket_title}
                    {a.status === 'CANCELLED' ? ` · ${t`Cancelled`}` : ''}
                    {a.status === 'AWAITING_PAYMENT' ? ` · ${t`Awaiting payment`}` : ''}
                    {due ? ` (${formatMoney(due.total, due.currency, i18n.locale)})` : ''}
                    {a.check_in ? ` · ${t`Checked in`}` : ''}
                  </Text>
                  {a.seat ? (
                    <Text size="sm" fw={600} data-testid="staff-attendee-seat">
                      {seatText(i18n, a.seat)}
                    </Text>
                  ) : null}
                  {reference ? (
                    <Text size="sm" c="gray.7" data-testid="staff-attendee-order">
                      <span style={{ whiteSpace: 'nowrap' }}>{t`Order ${reference}`}</span>
                      {a.email_hint ? (
                        <>
                          {' · '}
                          <span style={{ whiteSpace: 'nowrap' }}>{a.email_hint}</span>
                        </>
                      ) : null}
                    </Text>
                  ) : null}
                </Box>
                <Button
                  size="sm"
                  style={{ flexShrink: 0 }}
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

/**
 * The ids of the attendees the server matched to `search` (6+ characters): by name, or by a
 * whole order reference or e-mail address.
 */
function useServerMatches(shortId: string, search: string, online: boolean): Set<number> {
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

import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Table.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Stack, Switch, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { SecurityEventResponse } from '../../../common/security';
import { ErrorAlert } from '../../components/ErrorAlert';
import { InlineLoader } from '../../components/InlineLoader';
import { LoadError } from '../../components/LoadError';
import { Section } from '../../components/Section';
import { useEventKindLabel } from './event-labels';
import {
  accountSecurityQuery,
  SECURITY_EVENTS_PAGE,
  securityEventsQuery,
  useUpdateAccountSecurity,
} from './two-factor-api';

/** `/account/security` (ADMINs): the two-factor rule for every member, and the security log. */
export function AccountSecurityPage() {
  const { t } = useLingui();
  const rule = useQuery(accountSecurityQuery());
  const update = useUpdateAccountSecurity();
  return (
    <Stack gap="lg">
      <title>{`${t`Security`} · Tessera`}</title>
      <Section
        title={t`Two-factor sign-in`}
        description={t`Members without a second factor are asked to set one up at their next step and can do nothing else until then.`}
      >
        {rule.isPending ? (
          <InlineLoader />
        ) : rule.isError ? (
          <LoadError
            error={rule.error}
            title={t`Could not load the security settings`}
            onRetry={() => rule.refetch()}
          />
        ) : (
          <Stack gap="sm">
            <ErrorAlert error={update.error} />
            <Switch
              label={t`Require two-factor sign-in of every member`}
              checked={
                update.isPending
                  ? (update.variables?.require_two_factor ?? false)
                  : rule.data.require_two_factor
              }
              disabled={update.isPending}
              onChange={(e) => update.mutate({ require_two_factor: e.currentTarget.checked })}
            />
          </Stack>
        )}
      </Section>
      <SecurityLog />
    </Stack>
  );
}

function SecurityLog() {
  const { t, i18n } = useLingui();
  // The pages seen so far, as the `before` of each: older pages are asked by the last id shown.
  const [cursors, setCursors] = useState<(number | undefined)[]>([undefined]);
  const before = cursors.at(-1);
  const events = useQuery(securityEventsQuery(before));
  const rows = events.data?.data ?? [];
  const oldest = rows.at(-1)?.id;
  const label = useEventKindLabel();
  const when = (iso: string) =>
    new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  return (
    <Section
      title={t`Security log`}
      description={t`What changed in how members sign in, and requests about personal data.`}
    >
      {events.isPending ? (
        <InlineLoader />
      ) : events.isError ? (
        <LoadError
          error={events.error}
          title={t`Could not load the security log`}
          onRetry={() => events.refetch()}
        />
      ) : rows.length === 0 ? (
        <Text c="dimmed" size="sm">
          <Trans>Nothing has happened yet.</Trans>
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t`When`}</Table.Th>
                <Table.Th>{t`What`}</Table.Th>
                <Table.Th>{t`Who`}</Table.Th>
                <Table.Th>{t`Address`}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((event: SecurityEventResponse) => (
                <Table.Tr key={event.id}>
                  <Table.Td>{when(event.created_at)}</Table.Td>
                  <Table.Td>{label(event)}</Table.Td>
                  <Table.Td>{event.user ? `${event.user.name} (${event.user.email})` : '—'}</Table.Td>
                  <Table.Td>{event.ip ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {cursors.length > 1 || rows.length === SECURITY_EVENTS_PAGE ? (
        <Group justify="space-between">
          <Button
            variant="default"
            disabled={cursors.length === 1}
            onClick={() => setCursors((c) => c.slice(0, -1))}
          >
            <Trans>Newer</Trans>
          </Button>
          <Button
            variant="default"
            disabled={rows.length < SECURITY_EVENTS_PAGE || oldest === undefined}
            onClick={() => setCursors((c) => [...c, oldest])}
          >
            <Trans>Older</Trans>
          </Button>
        </Group>
      ) : null}
    </Section>
  );
}

import '@mantine/core/styles/Skeleton.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import type { DataExportResponse } from '../../../common/personal-data';
import { isDeadLink } from '../../components/api-error';
import { TicketOffIcon } from '../../components/icons';
import { LoadErrorState, PublicShell } from '../order-pages/PublicShell';
import { dataExportQuery } from './api';

/** Saves the export as a JSON file, as the API names it. */
function saveFile(data: DataExportResponse) {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = 'my-data.json';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * `/my-data/{token}`: the link of a data request's mail (decision 064). Shows what the export
 * holds and saves it as a file; once the link expired, says so and how to ask again.
 */
export function MyDataPage() {
  const { t } = useLingui();
  const { token = '' } = useParams();
  const data = useQuery(dataExportQuery(token));
  return (
    <PublicShell title={t`Your data`}>
      {/* A personal link: never in a search engine. */}
      <meta name="robots" content="noindex" />
      {data.isPending ? (
        <Stack gap="md" aria-busy="true">
          <Skeleton height={36} width="60%" />
          <Skeleton height={160} radius="lg" />
        </Stack>
      ) : data.isSuccess ? (
        <Paper withBorder radius="lg" p={{ base: 'lg', sm: 48 }} data-testid="my-data">
          <Stack gap="md">
            <Title order={1} fz="h2">
              <Trans>Your data</Trans>
            </Title>
            <Text style={{ overflowWrap: 'anywhere' }}>
              <Trans>
                Everything kept with {data.data.email}, with every organizer selling through this site:
                orders, tickets and waiting-list entries, with your answers and check-ins. The file is in
                JSON, which other programs can read.
              </Trans>
            </Text>
            <Stack component="ul" gap={4} m={0} data-testid="my-data-counts">
              <li>{t`Orders: ${data.data.orders.length}`}</li>
              <li>{t`Tickets: ${data.data.attendees.length}`}</li>
              <li>{t`Waiting-list entries: ${data.data.waitlist_entries.length}`}</li>
            </Stack>
            <Button w={{ base: '100%', xs: 'fit-content' }} onClick={() => saveFile(data.data)}>
              <Trans>Download my data</Trans>
            </Button>
          </Stack>
        </Paper>
      ) : isDeadLink(data.error) ? (
        <Paper withBorder radius="lg" p={{ base: 'lg', sm: 48 }} data-testid="my-data-expired">
          <Stack align="center" gap="sm" ta="center">
            <TicketOffIcon size={40} />
            <Title order={1} fz="h2">
              <Trans>This link has expired</Trans>
            </Title>
            <Text c="gray.7" maw={460}>
              <Trans>
                The link to your data works for a week. Ask for a new one from your order’s page or from “Find
                my tickets”.
              </Trans>
            </Text>
          </Stack>
        </Paper>
      ) : (
        <LoadErrorState onRetry={() => void data.refetch()} retrying={data.isFetching} />
      )}
    </PublicShell>
  );
}

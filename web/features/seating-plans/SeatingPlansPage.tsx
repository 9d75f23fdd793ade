import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/EmptyState.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/ScrollArea.css';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Button,
  EmptyState,
  FileButton,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { SeatingPlanSummary } from '../../../common/seating';
import { apiFieldErrors, errorMessage } from '../../components/api-error';
import { ConfirmModal } from '../../components/ConfirmModal';
import { ErrorAlert } from '../../components/ErrorAlert';
import { InlineLoader } from '../../components/InlineLoader';
import { RequirePermission } from '../../components/NoPermission';
import { notify } from '../../components/notify';
import { PlusIcon } from '../../components/organizer-icons';
import { downloadSeatingPlan, useCreateSeatingPlan, useDeleteSeatingPlan, useSeatingPlans } from './api';
import { PlanErrors } from './PlanErrors';
import { type PlanError, planErrorList, readPlanFile } from './plan-errors';

/** `/manage/seating-plans`: the account's seating plans, to draw, import, export and delete. */
export function SeatingPlansPage() {
  return (
    <RequirePermission permission="events.manage">
      <SeatingPlans />
    </RequirePermission>
  );
}

function SeatingPlans() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const list = useSeatingPlans();
  const create = useCreateSeatingPlan();
  const remove = useDeleteSeatingPlan();
  const [deleting, setDeleting] = useState<SeatingPlanSummary | null>(null);
  const [importErrors, setImportErrors] = useState<PlanError[]>([]);
  const [importFailure, setImportFailure] = useState<string | null>(null);

  // The input forgets its file, so that choosing the same file again (once fixed) imports it.
  const resetFile = useRef<() => void>(null);
  const importFile = async (file: File | null) => {
    resetFile.current?.();
    setImportErrors([]);
    setImportFailure(null);
    if (!file) return;
    const read = await readPlanFile(file);
    if (!read.ok) return setImportFailure(read.message);
    create.mutate(
      { plan: read.plan as never },
      {
        onSuccess: (saved) => notify(t`${saved.name} has been imported.`),
        onError: (error) => {
          const fields = apiFieldErrors(error);
          if (Object.keys(fields).length > 0) setImportErrors(planErrorList(read.plan, fields));
          else setImportFailure(errorMessage(error));
        },
      },
    );
  };

  const actions = (
    <Group gap="sm">
      <FileButton onChange={importFile} accept="application/json,.json" resetRef={resetFile}>
        {(props) => (
          <Button variant="default" loading={create.isPending} {...props}>
            <Trans>Import a plan</Trans>
          </Button>
        )}
      </FileButton>
      <Button leftSection={<PlusIcon size={16} />} onClick={() => navigate('/manage/seating-plans/new')}>
        <Trans>New plan</Trans>
      </Button>
    </Group>
  );

  return (
    <Stack gap="md" maw={1100} mx="auto" py="md">
      <title>{`${t`Seating plans`} · Tessera`}</title>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={4} maw={640}>
          <Title order={1} fz={28}>
            <Trans>Seating plans</Trans>
          </Title>
          <Text size="sm" c="dimmed">
            <Trans>
              Draw your venues once and use them for any event. An event keeps its own copy, so changing a
              plan here never moves seats already on sale.
            </Trans>
          </Text>
        </Stack>
        {actions}
      </Group>
      {importFailure ? (
        <Alert color="red" variant="light" role="alert" title={t`This file could not be imported`}>
          {importFailure}
        </Alert>
      ) : null}
      <PlanErrors errors={importErrors} title={t`This file could not be imported`} />

      <Paper withBorder radius="lg" p={0} style={{ overflow: 'hidden' }}>
        {list.isPending ? (
          <InlineLoader />
        ) : list.isError ? (
          <Stack gap="sm" p="md">
            <ErrorAlert error={list.error} title={t`Could not load the seating plans`} />
            <Button variant="default" w="fit-content" onClick={() => list.refetch()}>
              <Trans>Try again</Trans>
            </Button>
          </Stack>
        ) : list.data.length === 0 ? (
          <EmptyState variant="light" py="xl">
            <EmptyState.Title order={2}>
              <Trans>No seating plans yet</Trans>
            </EmptyState.Title>
            <EmptyState.Description>
              <Trans>Draw the rows, tables and price categories of a venue, or import a plan file.</Trans>
            </EmptyState.Description>
          </EmptyState>
        ) : (
          <PlansTable plans={list.data} onDelete={setDeleting} />
        )}
      </Paper>

      <ConfirmModal
        opened={deleting !== null}
        title={t`Delete ${deleting?.name ?? ''}?`}
        confirmLabel={t`Delete`}
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          const name = deleting.name;
          remove.mutate(deleting.id, {
            onSuccess: () => notify(t`${name} has been deleted.`),
            onError: (error) => notify(errorMessage(error), 'error'),
            onSettled: () => setDeleting(null),
          });
        }}
      >
        <Trans>Events that use it keep their own copy of it. This cannot be undone.</Trans>
      </ConfirmModal>
    </Stack>
  );
}

function PlansTable({
  plans,
  onDelete,
}: {
  plans: SeatingPlanSummary[];
  onDelete: (plan: SeatingPlanSummary) => void;
}) {
  const { t, i18n } = useLingui();
  const exportPlan = (plan: SeatingPlanSummary) =>
    downloadSeatingPlan(plan).catch(() =>
      notify(t`The plan could not be exported. Please try again.`, 'error'),
    );
  return (
    <Table.ScrollContainer minWidth={640} type="native">
      <Table verticalSpacing="sm" aria-label={t`Seating plans of this account`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>Name</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Seats</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Events</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Changed</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Actions</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {plans.map((plan) => (
            <Table.Tr key={plan.id} data-testid="seating-plan-row">
              <Table.Td fw={600}>{plan.name}</Table.Td>
              <Table.Td>{i18n.number(plan.seat_count)}</Table.Td>
              <Table.Td>{i18n.number(plan.event_count)}</Table.Td>
              <Table.Td>{i18n.date(plan.updated_at, { dateStyle: 'medium', timeStyle: 'short' })}</Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Button
                    size="xs"
                    variant="default"
                    component={Link}
                    to={`/manage/seating-plans/${plan.id}`}
                    aria-label={t`Edit ${plan.name}`}
                  >
                    <Trans>Edit</Trans>
                  </Button>
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => exportPlan(plan)}
                    aria-label={t`Export ${plan.name}`}
                  >
                    <Trans>Export</Trans>
                  </Button>
                  <Button
                    size="xs"
                    variant="default"
                    color="red"
                    onClick={() => onDelete(plan)}
                    aria-label={t`Delete ${plan.name}`}
                  >
                    <Trans>Delete</Trans>
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

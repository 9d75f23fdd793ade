import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Tabs.css';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Badge, Box, Button, FileButton, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { countSeats, SeatingPlan } from '../../../common/seating-plan';
import { moveRow, updateRow, updateSeats } from '../../../common/seating-plan-edit';
import { planFileName, planFileText } from '../../../common/seating-plan-files';
import { apiFieldErrors, errorMessage } from '../../components/api-error';
import { saveBlob } from '../../components/download';
import { notify } from '../../components/notify';
import { useCreateSeatingPlan, useReplaceSeatingPlan } from './api';
import { type CanvasHandlers, PlanCanvas } from './PlanCanvas';
import { PlanErrors } from './PlanErrors';
import { PlanPanel } from './PlanPanel';
import { checkPlan, type PlanError, planErrorList, readPlanFile } from './plan-errors';
import { SectionsPanel } from './SectionsPanel';
import { SelectionPanel } from './SelectionPanel';
import { boxSeats, clickSeat, keepExisting, NOTHING, type Selection } from './selection';

/** The designer: the plan drawn on the left, its tools on the right; saved whole. */
export function Designer({ id, initial }: { id: number | null; initial: SeatingPlan }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [plan, setPlan] = useState(initial);
  const [selection, setSelection] = useState<Selection>(NOTHING);
  const [dirty, setDirty] = useState(false);
  const [issues, setIssues] = useState<PlanError[]>([]);
  const [serverErrors, setServerErrors] = useState<PlanError[]>([]);
  // The canvas's handlers read the latest plan and selection without being made anew for each.
  const current = useRef({ plan, selection });
  current.current = { plan, selection };
  const create = useCreateSeatingPlan();
  const replace = useReplaceSeatingPlan();

  const change = useCallback((fn: (plan: SeatingPlan) => SeatingPlan) => {
    setPlan(fn);
    setDirty(true);
  }, []);
  // The selection forgets seats and rows that were deleted.
  useEffect(() => setSelection((s) => keepExisting(plan, s)), [plan]);
  // The shared schema checks the plan once the organizer pauses, when the browser is idle: on
  // 5,000 seats it takes tens of milliseconds, too long to run on every change.
  useEffect(() => {
    let idle = 0;
    const timer = setTimeout(() => {
      const check = () => setIssues(checkPlan(plan));
      if (typeof window.requestIdleCallback === 'function')
        idle = window.requestIdleCallback(check, { timeout: 2000 });
      else check();
    }, 600);
    return () => {
      clearTimeout(timer);
      if (idle) window.cancelIdleCallback(idle);
    };
  }, [plan]);
  const selectRow = useCallback(
    (row: string) => setSelection((s) => (s.row === row ? s : { row, seats: new Map() })),
    [],
  );

  const handlers = useMemo<CanvasHandlers>(
    () => ({
      onSeat: (at) => setSelection((s) => clickSeat(s, at)),
      onRow: selectRow,
      onMoveRow: ({ row, dx, dy }) => change((p) => updateRow(p, row, (r) => moveRow(r, { dx, dy }))),
      onBox: (box) => setSelection((s) => boxSeats(current.current.plan, box, s)),
      onClear: () => setSelection(NOTHING),
      onDelete: () => {
        const { seats } = current.current.selection;
        if (seats.size > 0) change((p) => updateSeats(p, seats, () => null));
        setSelection(NOTHING);
      },
    }),
    [change, selectRow],
  );

  const save = () => {
    const found = checkPlan(plan);
    setIssues(found);
    setServerErrors([]);
    if (found.length > 0) return;
    const body = { plan };
    const onError = (error: unknown) => {
      const fields = apiFieldErrors(error);
      if (Object.keys(fields).length > 0) setServerErrors(planErrorList(plan, fields));
      else notify(errorMessage(error), 'error');
    };
    if (id === null) {
      create.mutate(body, {
        onSuccess: (saved) => {
          setDirty(false);
          notify(t`${saved.name} has been saved.`);
          navigate(`/manage/seating-plans/${saved.id}`, { replace: true });
        },
        onError,
      });
    } else {
      replace.mutate(
        { id, body },
        {
          onSuccess: (saved) => {
            setDirty(false);
            notify(t`${saved.name} has been saved.`);
          },
          onError,
        },
      );
    }
  };

  const importFile = async (file: File | null) => {
    if (!file) return;
    setServerErrors([]);
    const read = await readPlanFile(file);
    if (!read.ok) return notify(read.message, 'error');
    const parsed = SeatingPlan.safeParse(read.plan);
    if (!parsed.success) return setServerErrors(checkPlan(read.plan as never));
    setPlan(parsed.data);
    setSelection(NOTHING);
    setDirty(true);
  };

  const exportFile = () =>
    saveBlob(new Blob([planFileText(plan)], { type: 'application/json' }), planFileName(plan.name));

  return (
    <Stack gap="sm" py="md">
      <title>{`${plan.name || t`Seating plan`} · Tessera`}</title>
      <Group justify="space-between" gap="sm">
        <Group gap="sm">
          <Button component={Link} to="/manage/seating-plans" variant="subtle" size="xs">
            <Trans>All seating plans</Trans>
          </Button>
          <Title order={1} fz={24}>
            {plan.name || t`Seating plan`}
          </Title>
          <Badge color="teal.9" variant="filled" data-testid="seat-count">
            <Plural value={countSeats(plan)} one="# seat" other="# seats" />
          </Badge>
          {dirty ? (
            <Text size="sm" c="dimmed" data-testid="unsaved">
              <Trans>Unsaved changes</Trans>
            </Text>
          ) : null}
        </Group>
        <Group gap="xs">
          <FileButton onChange={importFile} accept="application/json,.json">
            {(props) => (
              <Button variant="default" size="xs" {...props}>
                <Trans>Import</Trans>
              </Button>
            )}
          </FileButton>
          <Button variant="default" size="xs" onClick={exportFile}>
            <Trans>Export</Trans>
          </Button>
          <Button size="xs" onClick={save} loading={create.isPending || replace.isPending}>
            <Trans>Save plan</Trans>
          </Button>
        </Group>
      </Group>
      <PlanErrors errors={serverErrors} title={t`The plan was not saved`} />
      <Box
        style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) 380px', gap: 16, alignItems: 'start' }}
      >
        <PlanCanvas plan={plan} selection={selection} handlers={handlers} />
        <Box style={{ maxHeight: 760, overflowY: 'auto' }} data-testid="designer-panel" pr={4}>
          <Stack gap="sm">
            <PlanErrors errors={issues} />
            <SelectionPanel plan={plan} selection={selection} change={change} select={setSelection} />
            <Tabs defaultValue="sections" keepMounted={false}>
              <Tabs.List>
                <Tabs.Tab value="sections">
                  <Trans>Sections and rows</Trans>
                </Tabs.Tab>
                <Tabs.Tab value="plan">
                  <Trans>Plan and categories</Trans>
                </Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="sections" pt="sm">
                <SectionsPanel
                  plan={plan}
                  change={change}
                  selectedRow={selection.row}
                  onSelectRow={selectRow}
                />
              </Tabs.Panel>
              <Tabs.Panel value="plan" pt="sm">
                <PlanPanel plan={plan} change={change} />
              </Tabs.Panel>
            </Tabs>
          </Stack>
        </Box>
      </Box>
    </Stack>
  );
}

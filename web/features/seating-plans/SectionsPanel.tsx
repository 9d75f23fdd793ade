import { Trans, useLingui } from '@lingui/react/macro';
import {
  Button,
  Group,
  NativeSelect,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { memo, useCallback, useMemo, useRef, useState } from 'react';
import type { CategorySpec, RowLayout, SeatingPlan, SectionSpec } from '../../../common/seating-plan';
import { freshKey, makeRow, makeTable } from '../../../common/seating-plan-edit';
import { LayoutFields, NumberField } from './LayoutFields';

type Change = (change: (plan: SeatingPlan) => SeatingPlan) => void;

const rowLetter = (n: number) => (n < 26 ? String.fromCharCode(65 + n) : String(n + 1));

/** Below the section's lowest seat, or the plan's, so a new row never lands on another. */
function nextPlace(plan: SeatingPlan, sectionKey: string): { x: number; y: number } {
  const section = plan.sections.find((s) => s.key === sectionKey);
  const ys = (section?.rows ?? plan.sections.flatMap((s) => s.rows)).flatMap((r) =>
    r.seats.map((seat) => seat.y),
  );
  const xs = section?.rows.flatMap((r) => r.seats.map((seat) => seat.x)) ?? [];
  const y = ys.length > 0 ? Math.max(...ys) + 30 : 140;
  return { x: xs.length > 0 ? Math.min(...xs) : 60, y: Math.min(y, plan.height - 20) };
}

/** Sections with their rows (each selects that row), and the tools that add rows and tables. */
export function SectionsPanel({
  plan,
  change,
  selectedRow,
  onSelectRow,
}: {
  plan: SeatingPlan;
  change: Change;
  selectedRow: string | null;
  onSelectRow: (key: string) => void;
}) {
  const { t } = useLingui();
  const [sectionKey, setSectionKey] = useState(plan.sections[0]?.key ?? '');
  const [newSection, setNewSection] = useState('');
  const target = plan.sections.some((s) => s.key === sectionKey) ? sectionKey : (plan.sections[0]?.key ?? '');
  // The tools read the plan when they add to it: they need not redraw on every change of it.
  const latest = useRef(plan);
  latest.current = plan;
  const getPlan = useCallback(() => latest.current, []);
  const names = JSON.stringify(plan.sections.map((s) => [s.key, s.name]));
  const sectionOptions = useMemo(
    () => (JSON.parse(names) as [string, string][]).map(([value, label]) => ({ value, label })),
    [names],
  );
  const rowCount = plan.sections.find((s) => s.key === target)?.rows.length ?? 0;

  const addSection = () => {
    const name = newSection.trim() || t`Section ${plan.sections.length + 1}`;
    const key = freshKey(plan, 's');
    // A section needs a row: it gets its first one here, to be edited.
    const place = { x: 60, y: nextPlace(plan, '').y };
    const layout = defaultLayout(plan, place);
    const row = makeRow(plan, { label: 'A', layout });
    change((p) => ({ ...p, sections: [...p.sections, { key, name, rows: [row] }] }));
    setSectionKey(key);
    setNewSection('');
  };

  return (
    <Stack gap="sm">
      {plan.sections.map((section) => (
        <SectionCard
          key={section.key}
          section={section}
          change={change}
          selectedRow={section.rows.some((r) => r.key === selectedRow) ? selectedRow : null}
          onSelectRow={onSelectRow}
        />
      ))}
      <Group gap={6} align="flex-end" wrap="nowrap">
        <TextInput
          size="xs"
          style={{ flex: 1 }}
          label={t`New section`}
          placeholder={t`Stalls`}
          value={newSection}
          onChange={(e) => setNewSection(e.currentTarget.value)}
        />
        <Button size="xs" onClick={addSection}>
          <Trans>Add section</Trans>
        </Button>
      </Group>
      {plan.sections.length > 0 ? (
        <AddTools
          key={target}
          getPlan={getPlan}
          sections={sectionOptions}
          categories={plan.categories}
          rowCount={rowCount}
          change={change}
          sectionKey={target}
          onSection={setSectionKey}
          onAdded={onSelectRow}
        />
      ) : null}
    </Stack>
  );
}

/** A section: its name, and a button for each of its rows. Redrawn only when it changes. */
const SectionCard = memo(function SectionCard({
  section,
  change,
  selectedRow,
  onSelectRow,
}: {
  section: SectionSpec;
  change: Change;
  selectedRow: string | null;
  onSelectRow: (key: string) => void;
}) {
  const { t } = useLingui();
  return (
    <Paper key={section.key} withBorder p="xs" radius="md" data-testid="section">
      <Group gap={6} wrap="nowrap" align="flex-end">
        <TextInput
          size="xs"
          style={{ flex: 1 }}
          label={t`Section name`}
          value={section.name}
          maxLength={60}
          onChange={(e) => {
            const name = e.currentTarget.value;
            change((p) => ({
              ...p,
              sections: p.sections.map((s) => (s.key === section.key ? { ...s, name } : s)),
            }));
          }}
        />
        <Button
          size="xs"
          variant="default"
          aria-label={t`Delete section ${section.name}`}
          onClick={() => change((p) => ({ ...p, sections: p.sections.filter((s) => s.key !== section.key) }))}
        >
          ×
        </Button>
      </Group>
      <Group gap={4} mt={6}>
        {section.rows.map((row) => (
          <Button
            key={row.key}
            size="compact-xs"
            variant={selectedRow === row.key ? 'filled' : 'default'}
            aria-pressed={selectedRow === row.key}
            aria-label={row.kind === 'table' ? t`Table ${row.label}` : t`Row ${row.label}`}
            onClick={() => onSelectRow(row.key)}
          >
            {row.label} ({row.seats.length})
          </Button>
        ))}
      </Group>
    </Paper>
  );
});

function defaultLayout(plan: SeatingPlan, place: { x: number; y: number }): RowLayout {
  return {
    ...place,
    count: 10,
    spacing: 24,
    angle: 0,
    curve: 0,
    numbering: 'ltr',
    start: 1,
    step: 1,
    prefix: '',
    category: plan.categories[0]?.key ?? 'c1',
  };
}

const AddTools = memo(function AddTools({
  getPlan,
  sections,
  categories,
  rowCount,
  change,
  sectionKey,
  onSection,
  onAdded,
}: {
  getPlan: () => SeatingPlan;
  sections: { value: string; label: string }[];
  categories: readonly CategorySpec[];
  rowCount: number;
  change: Change;
  sectionKey: string;
  onSection: (key: string) => void;
  onAdded: (rowKey: string) => void;
}) {
  const { t } = useLingui();
  const [tool, setTool] = useState<'row' | 'table'>('row');
  const [layout, setLayout] = useState<RowLayout>(() =>
    defaultLayout(getPlan(), nextPlace(getPlan(), sectionKey)),
  );
  const [label, setLabel] = useState('');
  const [table, setTable] = useState({ shape: 'round' as 'round' | 'rect', seats: 8, size: 80 });
  const rowLabel = label.trim() || rowLetter(rowCount);

  const add = () => {
    const plan = getPlan();
    const section = plan.sections.find((s) => s.key === sectionKey);
    const place = nextPlace(plan, sectionKey);
    const row =
      tool === 'row'
        ? makeRow(plan, { label: rowLabel, layout })
        : makeTable(plan, {
            label: label.trim() || String((section?.rows.filter((r) => r.kind === 'table').length ?? 0) + 1),
            shape: table.shape,
            x: layout.x + table.size / 2 + 20,
            y: layout.y + table.size / 2 + 20,
            width: table.shape === 'rect' ? table.size * 1.6 : table.size,
            height: table.size,
            seats: table.seats,
            category: layout.category,
          });
    change((p) => ({
      ...p,
      sections: p.sections.map((s) => (s.key === sectionKey ? { ...s, rows: [...s.rows, row] } : s)),
    }));
    setLabel('');
    setLayout((l) => ({ ...l, ...place, y: Math.min(place.y + 30, plan.height - 20) }));
    onAdded(row.key);
  };

  return (
    <Paper withBorder p="xs" radius="md">
      <Stack gap={6}>
        <Text size="sm" fw={600}>
          <Trans>Add to a section</Trans>
        </Text>
        <NativeSelect
          size="xs"
          label={t`Section`}
          value={sectionKey}
          onChange={(e) => onSection(e.currentTarget.value)}
          data={sections}
        />
        <SegmentedControl
          size="xs"
          value={tool}
          onChange={(v) => setTool(v === 'table' ? 'table' : 'row')}
          data={[
            { value: 'row', label: t`Row` },
            { value: 'table', label: t`Table` },
          ]}
        />
        <TextInput
          size="xs"
          label={tool === 'row' ? t`Row label` : t`Table label`}
          placeholder={tool === 'row' ? rowLabel : '1'}
          value={label}
          maxLength={20}
          onChange={(e) => setLabel(e.currentTarget.value)}
        />
        {tool === 'row' ? (
          <LayoutFields layout={layout} categories={categories} onChange={setLayout} />
        ) : (
          <SimpleGrid cols={2} spacing={6}>
            <NativeSelect
              size="xs"
              label={t`Shape`}
              value={table.shape}
              onChange={(e) =>
                setTable({ ...table, shape: e.currentTarget.value === 'rect' ? 'rect' : 'round' })
              }
              data={[
                { value: 'round', label: t`Round` },
                { value: 'rect', label: t`Rectangular` },
              ]}
            />
            <NumberField
              label={t`Seats`}
              value={table.seats}
              min={1}
              max={40}
              onChange={(seats) => setTable({ ...table, seats })}
            />
            <NumberField
              label={t`Size`}
              value={table.size}
              min={30}
              max={600}
              onChange={(size) => setTable({ ...table, size })}
            />
            <NumberField
              label={t`Left (x)`}
              value={layout.x}
              min={0}
              onChange={(x) => setLayout({ ...layout, x })}
            />
            <NumberField
              label={t`Top (y)`}
              value={layout.y}
              min={0}
              onChange={(y) => setLayout({ ...layout, y })}
            />
          </SimpleGrid>
        )}
        <Button size="xs" onClick={add} w="fit-content">
          {tool === 'row' ? <Trans>Add row</Trans> : <Trans>Add table</Trans>}
        </Button>
      </Stack>
    </Paper>
  );
});

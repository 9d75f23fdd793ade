import '@mantine/core/styles/Chip.css';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Button, Chip, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import type { RowSpec, SeatingPlan } from '../../../common/seating-plan';
import { moveRow, redrawRow, updateRow, updateSeats } from '../../../common/seating-plan-edit';
import { CategorySelect, LayoutFields } from './LayoutFields';
import { allSeatsOf, type Selection, seatsOf, selectedCount } from './selection';

type Change = (change: (plan: SeatingPlan) => SeatingPlan) => void;

function findRow(plan: SeatingPlan, key: string | null): RowSpec | null {
  if (!key) return null;
  for (const s of plan.sections) for (const r of s.rows) if (r.key === key) return r;
  return null;
}

/** The selected row to edit, move or delete, and the selected seats to change. */
export function SelectionPanel({
  plan,
  selection,
  change,
  select,
}: {
  plan: SeatingPlan;
  selection: Selection;
  change: Change;
  select: (selection: Selection) => void;
}) {
  const { t } = useLingui();
  const row = findRow(plan, selection.row);
  const count = selectedCount(selection);
  if (!row && count === 0)
    return (
      <Text size="sm" c="dimmed">
        <Trans>
          Select a row (its label on the plan, or its button under its section) or seats to change them.
        </Trans>
      </Text>
    );

  const move = (dx: number, dy: number) =>
    row && change((p) => updateRow(p, row.key, (r) => moveRow(r, { dx, dy })));
  const seats = (fn: Parameters<typeof updateSeats>[2]) => change((p) => updateSeats(p, selection.seats, fn));
  const chosen = [...selection.seats.entries()].flatMap(([key, set]) =>
    [...set].map((seat) => ({ key: seat, seat: findRow(plan, key)?.seats.find((s) => s.key === seat) })),
  );
  const allWheelchair = chosen.every((c) => c.seat?.wheelchair);
  const allAisle = chosen.every((c) => c.seat?.aisle_after);
  const firstCategory = chosen[0]?.seat?.category ?? plan.categories[0]?.key ?? '';

  return (
    <Stack gap="sm">
      {row ? (
        <Paper withBorder p="xs" radius="md" data-testid="row-editor">
          <Stack gap={6}>
            <Text size="sm" fw={600}>
              {row.kind === 'table' ? t`Table ${row.label}` : t`Row ${row.label}`}
            </Text>
            <TextInput
              size="xs"
              label={row.kind === 'table' ? t`Table label` : t`Row label`}
              value={row.label}
              maxLength={20}
              onChange={(e) => {
                const label = e.currentTarget.value;
                change((p) => updateRow(p, row.key, (r) => ({ ...r, label })));
              }}
            />
            {row.layout ? (
              <LayoutFields
                layout={row.layout}
                categories={plan.categories}
                onChange={(layout) => change((p) => updateRow(p, row.key, (r) => redrawRow(r, layout)))}
              />
            ) : null}
            <Group gap={4}>
              <Text size="xs">
                <Trans>Move</Trans>
              </Text>
              <Button
                size="compact-xs"
                variant="default"
                onClick={() => move(-10, 0)}
                aria-label={t`Move left`}
              >
                ←
              </Button>
              <Button
                size="compact-xs"
                variant="default"
                onClick={() => move(0, -10)}
                aria-label={t`Move up`}
              >
                ↑
              </Button>
              <Button
                size="compact-xs"
                variant="default"
                onClick={() => move(0, 10)}
                aria-label={t`Move down`}
              >
                ↓
              </Button>
              <Button
                size="compact-xs"
                variant="default"
                onClick={() => move(10, 0)}
                aria-label={t`Move right`}
              >
                →
              </Button>
            </Group>
            <Text size="xs" fw={500}>
              <Trans>Seats of this row</Trans>
            </Text>
            <Chip.Group
              multiple
              value={[...seatsOf(selection, row.key)]}
              onChange={(keys) => select({ row: row.key, seats: new Map([[row.key, new Set(keys)]]) })}
            >
              <Group gap={4}>
                {row.seats.map((seat) => (
                  <Chip key={seat.key} value={seat.key} size="xs" variant="outline">
                    {seat.label}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
            <Group gap={6}>
              <Button size="xs" variant="default" onClick={() => select(allSeatsOf(plan, row.key))}>
                <Trans>Select all its seats</Trans>
              </Button>
              <Button
                size="xs"
                color="red"
                variant="outline"
                onClick={() =>
                  change((p) =>
                    updateSeats(p, new Map([[row.key, new Set(row.seats.map((s) => s.key))]]), () => null),
                  )
                }
              >
                {row.kind === 'table' ? <Trans>Delete table</Trans> : <Trans>Delete row</Trans>}
              </Button>
            </Group>
          </Stack>
        </Paper>
      ) : null}
      {count > 0 ? (
        <Paper withBorder p="xs" radius="md" data-testid="seat-actions">
          <Stack gap={6}>
            <Text size="sm" fw={600}>
              <Plural value={count} one="# seat selected" other="# seats selected" />
            </Text>
            <CategorySelect
              label={t`Price category of the selected seats`}
              categories={plan.categories}
              value={firstCategory}
              onChange={(category) => seats((s) => ({ ...s, category }))}
            />
            <Group gap={6}>
              <Button
                size="xs"
                variant="default"
                aria-pressed={allWheelchair}
                onClick={() => seats((s) => ({ ...s, wheelchair: !allWheelchair }))}
              >
                {allWheelchair ? <Trans>Not for wheelchairs</Trans> : <Trans>Wheelchair place</Trans>}
              </Button>
              <Button
                size="xs"
                variant="default"
                aria-pressed={allAisle}
                onClick={() => seats((s) => ({ ...s, aisle_after: !allAisle }))}
              >
                {allAisle ? <Trans>No aisle after</Trans> : <Trans>Aisle after</Trans>}
              </Button>
              <Button size="xs" color="red" variant="outline" onClick={() => seats(() => null)}>
                <Trans>Delete seats</Trans>
              </Button>
            </Group>
          </Stack>
        </Paper>
      ) : null}
    </Stack>
  );
}

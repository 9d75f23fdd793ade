import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { SeatingPlan, ShapeSpec } from '../../../common/seating-plan';
import { addCategory } from '../../../common/seating-plan-edit';
import { NumberField } from './LayoutFields';

type Change = (change: (plan: SeatingPlan) => SeatingPlan) => void;

/** The plan's name and size, its price categories and its stage and areas. */
export function PlanPanel({ plan, change }: { plan: SeatingPlan; change: Change }) {
  const { t } = useLingui();
  const used = new Set<string>();
  for (const s of plan.sections) for (const r of s.rows) for (const seat of r.seats) used.add(seat.category);
  const setShape = (index: number, shape: ShapeSpec) =>
    change((p) => ({ ...p, shapes: p.shapes.map((s, i) => (i === index ? shape : s)) }));

  return (
    <Stack gap="sm">
      <TextInput
        size="xs"
        label={t`Plan name`}
        value={plan.name}
        maxLength={100}
        onChange={(e) => {
          const name = e.currentTarget.value;
          change((p) => ({ ...p, name }));
        }}
      />
      <SimpleGrid cols={2} spacing={6}>
        <NumberField
          label={t`Width`}
          value={plan.width}
          min={100}
          max={100000}
          onChange={(width) => change((p) => ({ ...p, width }))}
        />
        <NumberField
          label={t`Height`}
          value={plan.height}
          min={100}
          max={100000}
          onChange={(height) => change((p) => ({ ...p, height }))}
        />
      </SimpleGrid>

      <Text size="sm" fw={600}>
        <Trans>Price categories</Trans>
      </Text>
      {plan.categories.map((category, index) => (
        <Group key={category.key} gap={6} wrap="nowrap" align="flex-end" data-testid="category">
          <TextInput
            size="xs"
            style={{ flex: 1 }}
            label={t`Category ${index + 1}`}
            value={category.name}
            maxLength={60}
            onChange={(e) => {
              const name = e.currentTarget.value;
              change((p) => ({
                ...p,
                categories: p.categories.map((c) => (c.key === category.key ? { ...c, name } : c)),
              }));
            }}
          />
          <input
            type="color"
            aria-label={t`Colour of ${category.name}`}
            value={category.color}
            style={{ width: 36, height: 30, border: 0, padding: 0, background: 'none' }}
            onChange={(e) => {
              const color = e.currentTarget.value;
              change((p) => ({
                ...p,
                categories: p.categories.map((c) => (c.key === category.key ? { ...c, color } : c)),
              }));
            }}
          />
          <Button
            size="xs"
            variant="default"
            disabled={used.has(category.key) || plan.categories.length === 1}
            aria-label={t`Remove ${category.name}`}
            onClick={() =>
              change((p) => ({ ...p, categories: p.categories.filter((c) => c.key !== category.key) }))
            }
          >
            ×
          </Button>
        </Group>
      ))}
      <Button
        size="xs"
        variant="default"
        w="fit-content"
        onClick={() => change((p) => addCategory(p, t`Category ${p.categories.length + 1}`))}
      >
        <Trans>Add a price category</Trans>
      </Button>

      <Text size="sm" fw={600}>
        <Trans>Stage and areas</Trans>
      </Text>
      {plan.shapes.map((shape, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: shapes have no key of their own
        <Stack key={index} gap={4} data-testid="shape">
          <Group gap={6} wrap="nowrap" align="flex-end">
            <NativeSelect
              size="xs"
              label={t`Kind`}
              value={shape.kind}
              onChange={(e) =>
                setShape(index, { ...shape, kind: e.currentTarget.value === 'area' ? 'area' : 'stage' })
              }
              data={[
                { value: 'stage', label: t`Stage` },
                { value: 'area', label: t`Area` },
              ]}
            />
            <TextInput
              size="xs"
              style={{ flex: 1 }}
              label={t`Label`}
              value={shape.label}
              maxLength={60}
              onChange={(e) => setShape(index, { ...shape, label: e.currentTarget.value })}
            />
            <Button
              size="xs"
              variant="default"
              aria-label={t`Remove ${shape.label || t`Area`}`}
              onClick={() => change((p) => ({ ...p, shapes: p.shapes.filter((_, i) => i !== index) }))}
            >
              ×
            </Button>
          </Group>
          <SimpleGrid cols={4} spacing={4}>
            <NumberField
              label="x"
              value={shape.x}
              min={0}
              onChange={(x) => setShape(index, { ...shape, x })}
            />
            <NumberField
              label="y"
              value={shape.y}
              min={0}
              onChange={(y) => setShape(index, { ...shape, y })}
            />
            <NumberField
              label={t`Width`}
              value={shape.width}
              min={1}
              onChange={(width) => setShape(index, { ...shape, width })}
            />
            <NumberField
              label={t`Height`}
              value={shape.height}
              min={1}
              onChange={(height) => setShape(index, { ...shape, height })}
            />
          </SimpleGrid>
        </Stack>
      ))}
      <Button
        size="xs"
        variant="default"
        w="fit-content"
        onClick={() =>
          change((p) => ({
            ...p,
            shapes: [
              ...p.shapes,
              { kind: 'area', label: t`Bar`, x: 20, y: Math.max(0, p.height - 120), width: 200, height: 80 },
            ],
          }))
        }
      >
        <Trans>Add an area</Trans>
      </Button>
    </Stack>
  );
}

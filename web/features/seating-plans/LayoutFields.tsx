import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/SegmentedControl.css';
import { useLingui } from '@lingui/react/macro';
import {
  NativeSelect,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useId } from 'react';
import type { CategorySpec, RowLayout } from '../../../common/seating-plan';

/** A number field that hands on only numbers (an emptied field keeps the last one). */
export function NumberField({
  label,
  value,
  onChange,
  min,
  max,
  step = 1,
  decimals = 0,
}: {
  label: string;
  value: number;
  onChange: (value: number) => void;
  min?: number;
  max?: number;
  step?: number;
  decimals?: number;
}) {
  return (
    <NumberInput
      size="xs"
      label={label}
      value={value}
      min={min}
      max={max}
      step={step}
      decimalScale={decimals}
      clampBehavior="strict"
      onChange={(v) => {
        if (typeof v === 'number' && Number.isFinite(v)) onChange(v);
      }}
    />
  );
}

/** The category of seats, chosen from the plan's price categories. */
export function CategorySelect({
  categories,
  value,
  onChange,
  label,
}: {
  categories: readonly CategorySpec[];
  value: string;
  onChange: (key: string) => void;
  label: string;
}) {
  return (
    <NativeSelect
      size="xs"
      label={label}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      data={categories.map((c) => ({ value: c.key, label: c.name }))}
    />
  );
}

/** A row's layout: how many seats, how far apart, turned and bent how, numbered how. */
export function LayoutFields({
  layout,
  categories,
  onChange,
}: {
  layout: RowLayout;
  categories: readonly CategorySpec[];
  onChange: (layout: RowLayout) => void;
}) {
  const { t } = useLingui();
  const numberingId = useId();
  const set =
    <K extends keyof RowLayout>(key: K) =>
    (value: RowLayout[K]) =>
      onChange({ ...layout, [key]: value });
  return (
    <Stack gap={6}>
      <SimpleGrid cols={3} spacing={6}>
        <NumberField label={t`Seats`} value={layout.count} min={1} max={500} onChange={set('count')} />
        <NumberField label={t`Spacing`} value={layout.spacing} min={18} max={500} onChange={set('spacing')} />
        <NumberField
          label={t`Angle (°)`}
          value={layout.angle}
          min={-360}
          max={360}
          step={5}
          onChange={set('angle')}
        />
        <NumberField label={t`Start x`} value={layout.x} min={0} onChange={set('x')} />
        <NumberField label={t`Start y`} value={layout.y} min={0} onChange={set('y')} />
        <NumberField
          label={t`Curve`}
          value={layout.curve}
          min={-0.5}
          max={0.5}
          step={0.05}
          decimals={2}
          onChange={set('curve')}
        />
      </SimpleGrid>
      <Text size="xs" fw={500} id={numberingId}>
        {t`Numbering`}
      </Text>
      <SegmentedControl
        size="xs"
        aria-labelledby={numberingId}
        value={layout.numbering}
        onChange={(v) => set('numbering')(v === 'rtl' ? 'rtl' : 'ltr')}
        data={[
          { value: 'ltr', label: t`Left to right` },
          { value: 'rtl', label: t`Right to left` },
        ]}
      />
      <SimpleGrid cols={3} spacing={6}>
        <NumberField
          label={t`First number`}
          value={layout.start}
          min={0}
          max={9999}
          onChange={set('start')}
        />
        <NativeSelect
          size="xs"
          label={t`Numbers`}
          value={String(layout.step)}
          onChange={(e) => set('step')(e.currentTarget.value === '2' ? 2 : 1)}
          data={[
            { value: '1', label: t`Every one` },
            { value: '2', label: t`Odd or even` },
          ]}
        />
        <TextInput
          size="xs"
          label={t`Prefix`}
          value={layout.prefix}
          maxLength={10}
          onChange={(e) => set('prefix')(e.currentTarget.value)}
        />
      </SimpleGrid>
      <CategorySelect
        label={t`Price category`}
        categories={categories}
        value={layout.category}
        onChange={set('category')}
      />
    </Stack>
  );
}

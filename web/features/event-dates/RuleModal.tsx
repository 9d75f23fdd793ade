import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/InlineInput.css';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Checkbox, Group, Input, NumberInput, SegmentedControl, SimpleGrid, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  EVENT_DATE_FREQUENCIES,
  EventDateRule,
  type EventDateStatus,
  WEEKDAYS,
} from '../../../common/event-dates';
import { FormModal, ModalForm } from '../../components/FormModal';
import { validateWith } from '../../components/form-errors';
import { notify } from '../../components/notify';
import { useAddRuleDates } from './api';
import { weekdayNames } from './calendar';
import { DateFields } from './DateModal';
import { FREQUENCY_LABELS, useStatusChoices } from './labels';
import { SkipDays } from './SkipDays';

type Frequency = (typeof EVENT_DATE_FREQUENCIES)[number];
type Weekday = (typeof WEEKDAYS)[number];

interface RuleValues {
  frequency: Frequency;
  interval: number | string;
  weekdays: Weekday[];
  /** Local days (`YYYY-MM-DD`) and times (`HH:MM`) of the event's zone. */
  from: string;
  until: string;
  start_time: string;
  end_time: string;
  skip: string[];
  label: string;
  status: EventDateStatus;
  capacity: number | string;
}

/** The rule of a form's values; an empty field is left out, so zod says it is required. */
export function toRuleRequest(values: RuleValues): EventDateRule {
  const given = (value: string) => value || (undefined as unknown as string);
  return {
    frequency: values.frequency,
    interval: values.interval === '' ? (undefined as unknown as number) : Number(values.interval),
    weekdays: values.frequency === 'WEEKLY' ? values.weekdays : [],
    from: given(values.from),
    until: given(values.until),
    start_time: given(values.start_time),
    end_time: values.end_time || null,
    skip: values.skip,
    label: values.label.trim() || null,
    status: values.status,
    capacity: values.capacity === '' ? null : Number(values.capacity),
  };
}

/** The times the event's own first date starts and ends, offered as the rule's. */
export interface RuleDefaults {
  start_time: string;
  end_time: string;
}

export function RuleModal({
  eventId,
  timeZone,
  defaults,
  opened,
  onClose,
}: {
  eventId: number;
  timeZone: string;
  defaults: RuleDefaults;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useLingui();
  return (
    <FormModal opened={opened} onClose={onClose} title={t`Add dates by a rule`}>
      {opened ? (
        <RuleForm eventId={eventId} timeZone={timeZone} defaults={defaults} onClose={onClose} />
      ) : null}
    </FormModal>
  );
}

function RuleForm({
  eventId,
  timeZone,
  defaults,
  onClose,
}: {
  eventId: number;
  timeZone: string;
  defaults: RuleDefaults;
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const add = useAddRuleDates(eventId);
  const statuses = useStatusChoices();
  const dayNames = weekdayNames(i18n.locale, 'long');
  const form = useForm<RuleValues>({
    initialValues: {
      frequency: 'WEEKLY',
      interval: 1,
      weekdays: [],
      from: '',
      until: '',
      start_time: defaults.start_time,
      end_time: defaults.end_time,
      skip: [],
      label: '',
      status: 'ON_SALE',
      capacity: '',
    },
    validate: validateWith(EventDateRule, toRuleRequest),
  });
  const frequency = form.values.frequency;
  const everyLabel: Record<Frequency, string> = {
    DAILY: t`Every how many days`,
    WEEKLY: t`Every how many weeks`,
    MONTHLY: t`Every how many months`,
  };

  const onSaved = (made: unknown[]) => {
    notify(
      t({
        message: plural(made.length, { one: '# date has been added.', other: '# dates have been added.' }),
      }),
    );
    onClose();
  };

  return (
    <ModalForm
      form={form}
      save={(values) => add.mutateAsync(toRuleRequest(values))}
      onSaved={onSaved}
      onCancel={onClose}
      submitLabel={t`Add dates`}
      errorAtEnd
    >
      <Input.Wrapper label={t`Repeats`} labelElement="div">
        <SegmentedControl
          aria-label={t`Repeats`}
          w="fit-content"
          display="flex"
          data={EVENT_DATE_FREQUENCIES.map((value) => ({ value, label: i18n._(FREQUENCY_LABELS[value]) }))}
          key={form.key('frequency')}
          {...form.getInputProps('frequency')}
        />
      </Input.Wrapper>
      <NumberInput
        label={everyLabel[frequency]}
        min={1}
        max={52}
        allowDecimal={false}
        allowNegative={false}
        w={{ base: '100%', xs: 240 }}
        key={form.key('interval')}
        {...form.getInputProps('interval')}
      />
      {frequency === 'WEEKLY' ? (
        <Checkbox.Group
          label={t`On these days`}
          description={t`None: the weekday of the first day.`}
          key={form.key('weekdays')}
          {...form.getInputProps('weekdays')}
        >
          <Group gap="md" mt="xs">
            {WEEKDAYS.map((day, i) => (
              <Checkbox key={day} value={day} label={dayNames[i]} />
            ))}
          </Group>
        </Checkbox.Group>
      ) : null}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <TextInput
          type="date"
          label={t`From`}
          required
          key={form.key('from')}
          {...form.getInputProps('from')}
        />
        <TextInput
          type="date"
          label={t`Until`}
          required
          key={form.key('until')}
          {...form.getInputProps('until')}
        />
        <TextInput
          type="time"
          label={t`Start time`}
          description={t`Local time in ${timeZone}`}
          required
          key={form.key('start_time')}
          {...form.getInputProps('start_time')}
        />
        <TextInput
          type="time"
          label={t`End time`}
          description={t`Optional; before the start: the next day.`}
          key={form.key('end_time')}
          {...form.getInputProps('end_time')}
        />
      </SimpleGrid>
      <SkipDays key={form.key('skip')} {...form.getInputProps('skip')} />
      <TextInput
        label={t`Label`}
        description={t`Given to every date, for example "Evening class". Optional.`}
        key={form.key('label')}
        {...form.getInputProps('label')}
      />
      <DateFields
        status={form.getInputProps('status')}
        capacity={form.getInputProps('capacity')}
        statuses={statuses}
      />
    </ModalForm>
  );
}

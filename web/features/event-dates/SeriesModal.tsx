import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/SimpleGrid.css';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { SimpleGrid, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { DateSeriesRequest, type EventDateResponse } from '../../../common/event-dates';
import { FormModal, ModalForm } from '../../components/FormModal';
import { validateWith } from '../../components/form-errors';
import { notify } from '../../components/notify';
import { useUpdateDateSeries } from './api';
import { DateFields } from './DateModal';
import { type SeriesValues, seriesValues, toSeriesRequest } from './date-settings-form';
import { useStatusChoices } from './labels';

/** "Edit all future dates of this rule": label, status, capacity and times of each, at once. */
export function SeriesModal({
  eventId,
  timeZone,
  date,
  onClose,
}: {
  eventId: number;
  timeZone: string;
  /** The date of the rule it was opened on; null: closed. */
  date: EventDateResponse | null;
  onClose: () => void;
}) {
  const { t } = useLingui();
  return (
    <FormModal opened={date !== null} onClose={onClose} title={t`Edit all future dates of this rule`}>
      {date?.rule_id ? (
        <SeriesForm
          eventId={eventId}
          ruleId={date.rule_id}
          timeZone={timeZone}
          initial={seriesValues(date, timeZone)}
          onClose={onClose}
        />
      ) : null}
    </FormModal>
  );
}

function SeriesForm({
  eventId,
  ruleId,
  timeZone,
  initial,
  onClose,
}: {
  eventId: number;
  ruleId: number;
  timeZone: string;
  initial: SeriesValues;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const update = useUpdateDateSeries(eventId);
  const statuses = useStatusChoices();
  const schemaErrors = validateWith(DateSeriesRequest, (values: SeriesValues) =>
    toSeriesRequest(values, initial),
  );
  const form = useForm<SeriesValues>({
    initialValues: initial,
    // Nothing changed would be sent as nothing; the schema's "required" would not say why.
    validate: (values) => {
      // Every date has a start, so an emptied start time cannot be sent.
      if (values.start_time === '') return { start_time: t`Enter a start time.` };
      if (Object.keys(toSeriesRequest(values, initial)).length === 0) {
        return { label: t`Change at least one field.` };
      }
      return schemaErrors(values);
    },
  });

  const onSaved = (changed: EventDateResponse[]) => {
    notify(
      t({
        message: plural(changed.length, {
          one: '# date has been changed.',
          other: '# dates have been changed.',
        }),
      }),
    );
    onClose();
  };

  return (
    <ModalForm
      form={form}
      save={(values) => update.mutateAsync({ ruleId, body: toSeriesRequest(values, initial) })}
      onSaved={onSaved}
      onCancel={onClose}
      submitLabel={t`Change future dates`}
    >
      <Text size="sm">
        <Trans>
          Every date of this rule still ahead and not cancelled gets the fields you change here. The fields
          you leave as they are stay as each date has them; each date keeps its day.
        </Trans>
      </Text>
      <TextInput
        label={t`Label`}
        description={t`Empty: no label.`}
        data-autofocus
        key={form.key('label')}
        {...form.getInputProps('label')}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <TextInput
          type="time"
          label={t`Start time`}
          description={t`Local time in ${timeZone}`}
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
      <DateFields
        status={form.getInputProps('status')}
        capacity={form.getInputProps('capacity')}
        statuses={statuses}
      />
    </ModalForm>
  );
}

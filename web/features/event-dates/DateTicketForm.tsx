import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/SimpleGrid.css';
import { useLingui } from '@lingui/react/macro';
import { Checkbox, NumberInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useRef } from 'react';
import { DateTicketRequest, type DateTicketResponse } from '../../../common/event-dates';
import { AmountField, useAmountError } from '../../components/AmountField';
import { ModalForm } from '../../components/FormModal';
import { validateWith } from '../../components/form-errors';
import { notify } from '../../components/notify';
import {
  type DateTicketContext,
  type DateTicketValues,
  dateTicketValues,
  toDateTicketRequest,
} from './date-settings-form';
import { useSetDateTicket } from './date-tickets-api';

/** One ticket on one date: its own quantity, price and sale window there, each optional. */
export function DateTicketForm({
  eventId,
  row,
  context,
  onDone,
}: {
  eventId: number;
  row: DateTicketResponse;
  context: DateTicketContext;
  /** Back to the date's list of tickets. */
  onDone: () => void;
}) {
  const { t } = useLingui();
  const save = useSetDateTicket(eventId, row.date_id);
  const amountError = useAmountError();
  const schemaErrors = validateWith(DateTicketRequest, (values: DateTicketValues) =>
    toDateTicketRequest(values, context),
  );
  const form = useForm<DateTicketValues>({
    mode: 'controlled',
    initialValues: dateTicketValues(row, context),
    validate: (values) => {
      const priceProblem = amountError(values.price, context.currency, { example: 2500, allowEmpty: true });
      return { ...schemaErrors(values), ...(priceProblem ? { price: priceProblem } : {}) };
    },
  });
  const title = row.title;
  // The form replaces the list inside an open dialog, so the focus moves to it by hand.
  const firstField = useRef<HTMLInputElement>(null);
  useEffect(() => firstField.current?.focus(), []);
  const zone = context.timeZone;

  return (
    <ModalForm
      form={form}
      save={(values) =>
        save.mutateAsync({ ticketId: row.ticket_id, body: toDateTicketRequest(values, context) })
      }
      onSaved={() => {
        notify(t`${title} has been saved for this date.`);
        onDone();
      }}
      onCancel={onDone}
      submitLabel={t`Save ticket settings`}
    >
      <Stack gap="xs">
        <Checkbox
          ref={firstField}
          label={t`Own quantity on this date`}
          description={t`Unticked, the ticket's quantity counts.`}
          key={form.key('own_quantity')}
          {...form.getInputProps('own_quantity', { type: 'checkbox' })}
        />
        <NumberInput
          label={t`Quantity on this date`}
          description={t`Empty: unlimited on this date.`}
          placeholder={t`Unlimited`}
          min={0}
          allowDecimal={false}
          allowNegative={false}
          disabled={!form.values.own_quantity}
          w={{ base: '100%', xs: 240 }}
          key={form.key('quantity_available')}
          {...form.getInputProps('quantity_available')}
        />
      </Stack>
      <AmountField
        currency={context.currency}
        label={t`Price on this date`}
        description={t`Empty: the ticket's price.`}
        w={{ base: '100%', xs: 240 }}
        key={form.key('price')}
        {...form.getInputProps('price')}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <TextInput
          type="datetime-local"
          label={t`Sale starts`}
          description={t`Time in ${zone}. Empty: as the ticket.`}
          key={form.key('sale_start_date')}
          {...form.getInputProps('sale_start_date')}
        />
        <TextInput
          type="datetime-local"
          label={t`Sale ends`}
          description={t`Time in ${zone}. Empty: as the ticket.`}
          key={form.key('sale_end_date')}
          {...form.getInputProps('sale_end_date')}
        />
      </SimpleGrid>
    </ModalForm>
  );
}

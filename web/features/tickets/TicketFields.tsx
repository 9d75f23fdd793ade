import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/RadioCard.css';
import '@mantine/core/styles/RadioIndicator.css';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Group,
  NumberInput,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { EventResponse } from '../../../common/events';
import type { TaxOrFeeResponse } from '../../../common/taxes-fees';
import { TICKET_TYPES, type TicketResponse, type TicketType } from '../../../common/tickets';
import { AmountField } from '../../components/AmountField';
import { FormSection } from './FormSection';
import type { TicketForm } from './form';
import { TYPE_HINTS, TYPE_LABELS } from './labels';
import { TicketOptions } from './TicketOptions';
import { TierEditor } from './TierEditor';

/** The fields of a ticket: its kind, its name, its price(s), how many and when. */
export function TicketFields({
  form,
  event,
  taxes,
  ticket,
}: {
  form: TicketForm;
  event: EventResponse;
  taxes: TaxOrFeeResponse[];
  ticket: TicketResponse | null;
}) {
  const { t, i18n } = useLingui();
  const values = form.getValues();
  const currency = event.currency;
  const timezone = event.timezone;
  const sold = (ticket?.quantity_sold ?? 0) > 0;

  return (
    <Stack gap="xl">
      <Radio.Group
        label={t`Ticket type`}
        description={sold ? t`The type cannot change: this ticket has already sold.` : undefined}
        key={form.key('type')}
        {...form.getInputProps('type')}
        onChange={(value) => form.setFieldValue('type', value as TicketType)}
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" mt="xs">
          {TICKET_TYPES.map((type) => (
            <Radio.Card
              key={type}
              value={type}
              radius="md"
              p="sm"
              disabled={sold && type !== values.type}
              style={{ opacity: sold && type !== values.type ? 0.55 : 1 }}
            >
              <Group wrap="nowrap" align="flex-start" gap="sm">
                <Radio.Indicator mt={2} />
                <div>
                  <Text fw={600} size="sm">
                    {i18n._(TYPE_LABELS[type])}
                  </Text>
                  <Text size="xs" c="gray.7">
                    {i18n._(TYPE_HINTS[type])}
                  </Text>
                </div>
              </Group>
            </Radio.Card>
          ))}
        </SimpleGrid>
      </Radio.Group>

      <FormSection title={t`Details`}>
        <TextInput label={t`Title`} required key={form.key('title')} {...form.getInputProps('title')} />
        <Textarea
          label={t`Description`}
          description={t`Shown to buyers under the ticket's title.`}
          autosize
          minRows={2}
          maxRows={8}
          key={form.key('description')}
          {...form.getInputProps('description')}
        />
        {values.type === 'PAID' ? (
          <AmountField
            currency={currency}
            label={t`Price`}
            required
            w={{ base: '100%', xs: 220 }}
            key={form.key('price')}
            {...form.getInputProps('price')}
          />
        ) : null}
        {values.type === 'DONATION' ? (
          <AmountField
            currency={currency}
            label={t`Minimum price`}
            description={t`Buyers can give more. Use 0 to let them give any amount.`}
            required
            w={{ base: '100%', xs: 320 }}
            key={form.key('price')}
            {...form.getInputProps('price')}
          />
        ) : null}
      </FormSection>

      {values.type === 'TIERED' ? <TierEditor form={form} event={event} /> : null}

      <FormSection title={t`Quantity and sale dates`}>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <NumberInput
            label={t`Quantity available`}
            placeholder={t`Unlimited`}
            description={t`Leave empty for no limit.`}
            min={0}
            allowDecimal={false}
            allowNegative={false}
            key={form.key('quantity_available')}
            {...form.getInputProps('quantity_available')}
          />
          <NumberInput
            label={t`Minimum per order`}
            min={1}
            allowDecimal={false}
            allowNegative={false}
            key={form.key('min_per_order')}
            {...form.getInputProps('min_per_order')}
          />
          <NumberInput
            label={t`Maximum per order`}
            min={1}
            allowDecimal={false}
            allowNegative={false}
            key={form.key('max_per_order')}
            {...form.getInputProps('max_per_order')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            type="datetime-local"
            label={t`Sale starts`}
            description={t`Time in ${timezone}. Empty: on sale now.`}
            key={form.key('sale_start_date')}
            {...form.getInputProps('sale_start_date')}
          />
          <TextInput
            type="datetime-local"
            label={t`Sale ends`}
            description={t`Time in ${timezone}. Empty: until the event.`}
            key={form.key('sale_end_date')}
            {...form.getInputProps('sale_end_date')}
          />
        </SimpleGrid>
        <Select
          label={t`Waiting list`}
          description={
            event.settings.waitlist_enabled
              ? t`When the ticket is sold out, buyers can join a waiting list. The event's setting is on.`
              : t`When the ticket is sold out, buyers can join a waiting list. The event's setting is off.`
          }
          data={[
            { value: 'default', label: t`Event default` },
            { value: 'on', label: t`On` },
            { value: 'off', label: t`Off` },
          ]}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          w={{ base: '100%', sm: 440 }}
          key={form.key('waitlist')}
          {...form.getInputProps('waitlist')}
        />
      </FormSection>

      <TicketOptions form={form} taxes={taxes} currency={currency} />
      <Text size="xs" c="gray.7">
        <Trans>Fields marked with * are required.</Trans>
      </Text>
    </Stack>
  );
}

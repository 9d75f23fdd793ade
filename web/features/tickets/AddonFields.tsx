import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { MultiSelect, NumberInput, SimpleGrid, Switch, Text } from '@mantine/core';
import type { TicketResponse } from '../../../common/tickets';
import { FormSection } from './FormSection';
import type { TicketForm } from './form';

/**
 * A product's add-on rule: off, it is sold on its own; on, buyers choose it for each attendee
 * of the chosen tickets, from the minimum to the maximum per ticket.
 */
export function AddonFields({ form, tickets }: { form: TicketForm; tickets: readonly TicketResponse[] }) {
  const { t } = useLingui();
  const addon = form.getValues().addon;
  const choices = tickets
    .filter((ticket) => ticket.kind === 'TICKET')
    .map((ticket) => ({ value: String(ticket.id), label: ticket.title }));

  return (
    <FormSection title={t`Sold as an add-on`}>
      <Switch
        label={t`Offer only as an add-on of tickets`}
        description={t`Buyers choose it for each attendee of the tickets you pick, within the limits per ticket. It is not sold on its own.`}
        key={form.key('addon.enabled')}
        {...form.getInputProps('addon.enabled', { type: 'checkbox' })}
        error={form.errors.addon}
        data-path="addon"
      />
      {addon.enabled ? (
        <>
          <MultiSelect
            label={t`Offered with`}
            description={t`The tickets whose attendees can have it.`}
            placeholder={addon.ticket_ids.length === 0 ? t`Choose tickets` : undefined}
            data={choices}
            required
            searchable
            nothingFoundMessage={
              choices.length === 0 ? t`This event has no tickets yet.` : t`No ticket matches`
            }
            comboboxProps={{ withinPortal: true }}
            w={{ base: '100%', sm: 440 }}
            key={form.key('addon.ticket_ids')}
            {...form.getInputProps('addon.ticket_ids')}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" maw={440}>
            <NumberInput
              label={t`Minimum per ticket`}
              min={0}
              max={100}
              allowDecimal={false}
              allowNegative={false}
              key={form.key('addon.min_per_ticket')}
              {...form.getInputProps('addon.min_per_ticket')}
            />
            <NumberInput
              label={t`Maximum per ticket`}
              min={1}
              max={100}
              allowDecimal={false}
              allowNegative={false}
              key={form.key('addon.max_per_ticket')}
              {...form.getInputProps('addon.max_per_ticket')}
            />
          </SimpleGrid>
          <Text size="xs" c="gray.7">
            <Trans>A minimum of 0 leaves it optional; 1 or more makes it required for every attendee.</Trans>
          </Text>
        </>
      ) : null}
    </FormSection>
  );
}

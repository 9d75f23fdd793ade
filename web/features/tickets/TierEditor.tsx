import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/InlineInput.css';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import type { EventResponse } from '../../../common/events';
import { AmountField } from '../../components/AmountField';
import { ArrowDownIcon, ArrowUpIcon, PlusIcon } from '../../components/organizer-icons';
import { FormSection } from './FormSection';
import { emptyTier, type TicketForm } from './form';

/** The price tiers of a TIERED ticket: each with its own label, price, quantity and sale dates. */
export function TierEditor({ form, event }: { form: TicketForm; event: EventResponse }) {
  const { t } = useLingui();
  const tiers = form.getValues().prices;
  const timezone = event.timezone;
  const listError = form.errors.prices;

  return (
    <FormSection title={t`Price tiers`}>
      <Text size="sm" c="gray.7">
        <Trans>Buyers choose one tier. A tier can have its own quantity and sale dates.</Trans>
      </Text>
      {tiers.map((tier, index) => {
        const number = index + 1;
        const name = tier.label.trim() || t`Tier ${number}`;
        const path = (field: string) => `prices.${index}.${field}`;
        return (
          <Paper key={tier.key} withBorder radius="md" p="md" role="group" aria-label={t`Tier ${number}`}>
            <Stack gap="sm">
              <Group justify="space-between" gap="xs">
                <Text fw={600} size="sm">
                  {t`Tier ${number}`}
                </Text>
                <Group gap={2}>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={t`Move ${name} up`}
                    disabled={index === 0}
                    onClick={() => form.reorderListItem('prices', { from: index, to: index - 1 })}
                  >
                    <ArrowUpIcon size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={t`Move ${name} down`}
                    disabled={index === tiers.length - 1}
                    onClick={() => form.reorderListItem('prices', { from: index, to: index + 1 })}
                  >
                    <ArrowDownIcon size={16} />
                  </ActionIcon>
                  <Button
                    variant="subtle"
                    color="red"
                    c="red.9"
                    size="compact-sm"
                    disabled={tiers.length === 1}
                    onClick={() => form.removeListItem('prices', index)}
                    aria-label={t`Remove ${name}`}
                  >
                    <Trans>Remove</Trans>
                  </Button>
                </Group>
              </Group>
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                <TextInput
                  label={t`Label`}
                  placeholder={t`Early bird`}
                  required
                  key={form.key(path('label'))}
                  {...form.getInputProps(path('label'))}
                />
                <AmountField
                  currency={event.currency}
                  label={t`Price`}
                  required
                  key={form.key(path('price'))}
                  {...form.getInputProps(path('price'))}
                />
                <NumberInput
                  label={t`Quantity available`}
                  placeholder={t`Unlimited`}
                  min={0}
                  allowDecimal={false}
                  allowNegative={false}
                  key={form.key(path('quantity_available'))}
                  {...form.getInputProps(path('quantity_available'))}
                />
              </SimpleGrid>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <TextInput
                  type="datetime-local"
                  label={t`Sale starts`}
                  description={t`Time in ${timezone}.`}
                  key={form.key(path('sale_start_date'))}
                  {...form.getInputProps(path('sale_start_date'))}
                />
                <TextInput
                  type="datetime-local"
                  label={t`Sale ends`}
                  description={t`Time in ${timezone}.`}
                  key={form.key(path('sale_end_date'))}
                  {...form.getInputProps(path('sale_end_date'))}
                />
              </SimpleGrid>
              <Checkbox
                label={t`Hide this tier from buyers`}
                key={form.key(path('is_hidden'))}
                {...form.getInputProps(path('is_hidden'), { type: 'checkbox' })}
              />
            </Stack>
          </Paper>
        );
      })}
      {typeof listError === 'string' ? (
        <Text size="sm" c="red.8" role="alert">
          {listError}
        </Text>
      ) : null}
      <Button
        variant="default"
        leftSection={<PlusIcon size={16} />}
        w="fit-content"
        onClick={() => form.insertListItem('prices', emptyTier())}
      >
        <Trans>Add a tier</Trans>
      </Button>
    </FormSection>
  );
}

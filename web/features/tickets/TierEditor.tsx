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
import type { TicketKind } from '../../../common/tickets';
import { AmountField } from '../../components/AmountField';
import { ArrowDownIcon, ArrowUpIcon, PlusIcon } from '../../components/organizer-icons';
import { FormSection } from './FormSection';
import { emptyTier, type TicketForm } from './form';
import { KIND_TEXT } from './kinds';

/**
 * The price tiers of a TIERED ticket, or the variants of a product: each with its own label,
 * price, quantity and sale dates. A product's new variant starts at the product's price.
 */
export function TierEditor({
  form,
  event,
  kind,
}: {
  form: TicketForm;
  event: EventResponse;
  kind: TicketKind;
}) {
  const { t, i18n } = useLingui();
  const text = KIND_TEXT[kind].tiers;
  const values = form.getValues();
  const tiers = values.prices;
  const timezone = event.timezone;
  const listError = form.errors.prices;

  return (
    <FormSection title={i18n._(text.section)}>
      <Text size="sm" c="gray.7">
        {i18n._(text.intro)}
      </Text>
      {tiers.map((tier, index) => {
        const number = index + 1;
        const group = kind === 'PRODUCT' ? t`Variant ${number}` : t`Tier ${number}`;
        const name = tier.label.trim() || group;
        const path = (field: string) => `prices.${index}.${field}`;
        return (
          <Paper key={tier.key} withBorder radius="md" p="md" role="group" aria-label={group}>
            <Stack gap="sm">
              <Group justify="space-between" gap="xs">
                <Text fw={600} size="sm">
                  {group}
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
                  label={i18n._(text.label)}
                  placeholder={i18n._(text.placeholder)}
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
                  label={i18n._(text.quantity)}
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
                label={i18n._(text.hide)}
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
        onClick={() => form.insertListItem('prices', emptyTier(kind === 'PRODUCT' ? values.price : ''))}
      >
        {i18n._(text.add)}
      </Button>
    </FormSection>
  );
}

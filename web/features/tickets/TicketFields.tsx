import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/RadioCard.css';
import '@mantine/core/styles/RadioIndicator.css';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Checkbox,
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
import type { CategoryResponse } from '../../../common/categories';
import type { EventResponse } from '../../../common/events';
import type { TaxOrFeeResponse } from '../../../common/taxes-fees';
import { TICKET_TYPES, type TicketResponse, type TicketType } from '../../../common/tickets';
import { AmountField } from '../../components/AmountField';
import { AddonFields } from './AddonFields';
import { FormSection } from './FormSection';
import type { TicketForm } from './form';
import { KIND_TEXT } from './kinds';
import { ProductPicture } from './ProductPicture';
import { TicketOptions } from './TicketOptions';
import { TierEditor } from './TierEditor';

/** The fields of a ticket or product: its type, its name, its price(s), how many and when. */
export function TicketFields({
  form,
  event,
  taxes,
  categories,
  ticket,
  tickets,
}: {
  form: TicketForm;
  event: EventResponse;
  taxes: TaxOrFeeResponse[];
  categories: CategoryResponse[];
  ticket: TicketResponse | null;
  /** The event's items, whose tickets a product can be an add-on of. */
  tickets: readonly TicketResponse[];
}) {
  const { t, i18n } = useLingui();
  const values = form.getValues();
  const kind = values.kind;
  const text = KIND_TEXT[kind];
  const variants = kind === 'PRODUCT' && values.type === 'TIERED';
  const currency = event.currency;
  const timezone = event.timezone;
  const sold = (ticket?.quantity_sold ?? 0) > 0;

  return (
    <Stack gap="xl">
      <Radio.Group
        label={i18n._(text.typeLabel)}
        description={sold ? i18n._(text.typeFixed) : undefined}
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
                    {i18n._(text.types[type])}
                  </Text>
                  <Text size="xs" c="gray.7">
                    {i18n._(text.hints[type])}
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
          description={i18n._(text.descriptionHint)}
          autosize
          minRows={2}
          maxRows={8}
          key={form.key('description')}
          {...form.getInputProps('description')}
        />
        <Select
          label={t`Category`}
          data={[
            { value: '', label: t`No category` },
            ...categories.map((category) => ({ value: String(category.id), label: category.name })),
          ]}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          w={{ base: '100%', sm: 320 }}
          key={form.key('category_id')}
          {...form.getInputProps('category_id')}
        />
        {values.type === 'PAID' || variants ? (
          <AmountField
            currency={currency}
            label={variants ? t`Price of new variants` : t`Price`}
            description={variants ? t`A variant you add starts at this price; change it there.` : undefined}
            required={!variants}
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

      {kind === 'PRODUCT' ? <ProductPicture eventId={event.id} product={ticket} /> : null}

      {values.type === 'TIERED' ? <TierEditor form={form} event={event} kind={kind} /> : null}

      <FormSection title={t`Quantity and sale dates`}>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <NumberInput
            label={i18n._(text.quantity)}
            placeholder={t`Unlimited`}
            description={
              variants ? t`For all variants together. Empty: no limit.` : t`Leave empty for no limit.`
            }
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

      {kind === 'PRODUCT' ? <AddonFields form={form} tickets={tickets} /> : null}
      {kind === 'PRODUCT' ? (
        <Checkbox
          label={t`Redeemable: each unit gets a code scanned once at the door`}
          key={form.key('redeemable')}
          {...form.getInputProps('redeemable', { type: 'checkbox' })}
        />
      ) : null}
      <TicketOptions form={form} taxes={taxes} currency={currency} />
      <Text size="xs" c="gray.7">
        <Trans>Fields marked with * are required.</Trans>
      </Text>
    </Stack>
  );
}

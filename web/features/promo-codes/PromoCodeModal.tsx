import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import '@mantine/core/styles/ScrollArea.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Group, MultiSelect, NumberInput, Radio, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { ChangeEvent } from 'react';
import { VALIDATION } from '../../../common/i18n/validation';
import { PromoCodeRequest, type PromoCodeResponse } from '../../../common/promo-codes';
import { AmountField, useAmountError } from '../../components/AmountField';
import { amountText } from '../../components/amount-value';
import { FormModal, ModalForm } from '../../components/FormModal';
import { validateWith } from '../../components/form-errors';
import { notify } from '../../components/notify';
import { useTicketChoices } from '../tickets/api';
import { useCreatePromoCode, useUpdatePromoCode } from './api';
import { type EventMoney, initialValues, type PromoCodeValues, toRequest } from './form';

type PromoEvent = EventMoney & { id: number };

/** Adds or changes a promo code of the event (`code` null: a new one). */
export function PromoCodeModal({
  opened,
  code,
  event,
  onClose,
}: {
  opened: boolean;
  code: PromoCodeResponse | null;
  event: PromoEvent;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const name = code?.code ?? '';
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={code ? t`Edit promo code ${name}` : t`Add a promo code`}
    >
      <PromoCodeForm code={code} event={event} onDone={onClose} />
    </FormModal>
  );
}

function PromoCodeForm({
  code,
  event,
  onDone,
}: {
  code: PromoCodeResponse | null;
  event: PromoEvent;
  onDone: () => void;
}) {
  const { t, i18n } = useLingui();
  const create = useCreatePromoCode(event.id);
  const update = useUpdatePromoCode(event.id);
  const tickets = useTicketChoices(event.id);
  const example = amountText(500, event.currency);
  const amountError = useAmountError();
  const schemaErrors = validateWith(PromoCodeRequest, (v: PromoCodeValues) => toRequest(v, event));
  const form = useForm<PromoCodeValues>({
    mode: 'controlled',
    initialValues: initialValues(code, event),
    validate: (values) => {
      const errors = schemaErrors(values);
      // The API's message speaks of cents; the form takes amounts and percentages as people type them.
      const fixedError = amountError(values.discount, event.currency, { example: 500 });
      if (values.discount_type === 'FIXED' && fixedError !== null) {
        errors.discount = fixedError;
      } else if (values.discount_type === 'PERCENTAGE' && errors.discount) {
        errors.discount = i18n._(VALIDATION.invalidRate);
      }
      return errors;
    },
  });
  const type = form.values.discount_type;

  // Codes are stored upper-case; show them so while typing, keeping the caret where it was.
  const typeCode = (change: ChangeEvent<HTMLInputElement>) => {
    const input = change.currentTarget;
    const { selectionStart, selectionEnd } = input;
    form.setFieldValue('code', input.value.toUpperCase());
    requestAnimationFrame(() => input.setSelectionRange(selectionStart, selectionEnd));
  };

  const save = (values: PromoCodeValues) => {
    const body = toRequest(values, event);
    return code ? update.mutateAsync({ id: code.id, body }) : create.mutateAsync(body);
  };
  const onSaved = (saved: PromoCodeResponse) => {
    const savedCode = saved.code;
    notify(code ? t`Promo code ${savedCode} has been saved.` : t`Promo code ${savedCode} has been added.`);
    onDone();
  };

  const timezone = event.timezone.replaceAll('_', ' ');
  const currency = event.currency;
  return (
    <ModalForm
      form={form}
      save={save}
      onSaved={onSaved}
      onCancel={onDone}
      submitLabel={code ? t`Save` : t`Add`}
    >
      <TextInput
        label={t`Code`}
        description={t`3 to 50 letters, digits, dashes or underscores. Buyers may type it in any case.`}
        required
        data-autofocus
        autoComplete="off"
        spellCheck={false}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        key={form.key('code')}
        {...form.getInputProps('code')}
        onChange={typeCode}
      />
      <Radio.Group
        label={t`Discount`}
        required
        key={form.key('discount_type')}
        {...form.getInputProps('discount_type')}
      >
        <Group gap="lg" mt="xs">
          <Radio value="PERCENTAGE" label={t`Percentage`} />
          <Radio value="FIXED" label={t`Fixed amount`} />
          <Radio value="NONE" label={t`No discount`} />
        </Group>
      </Radio.Group>
      {type === 'NONE' ? (
        <Text size="sm" c="dimmed">
          <Trans>
            The code takes nothing off. Buyers use it to see tickets that are hidden without a promo code.
          </Trans>
        </Text>
      ) : type === 'FIXED' ? (
        <AmountField
          currency={currency}
          label={t`Amount off each ticket`}
          description={t`In ${currency}, e.g. ${example}.`}
          required
          w={{ base: '100%', xs: 260 }}
          key={form.key('discount')}
          {...form.getInputProps('discount')}
        />
      ) : (
        <TextInput
          label={t`Percentage off each ticket`}
          description={t`E.g. 15 or 12.5.`}
          required
          inputMode="decimal"
          autoComplete="off"
          rightSection={
            <Text size="sm" c="dimmed" aria-hidden>
              %
            </Text>
          }
          rightSectionWidth={36}
          w={{ base: '100%', xs: 260 }}
          key={form.key('discount')}
          {...form.getInputProps('discount')}
        />
      )}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <TextInput
          type="datetime-local"
          label={t`Expires`}
          description={t`Event time (${timezone}). Empty: never.`}
          key={form.key('expiry_date')}
          {...form.getInputProps('expiry_date')}
        />
        <NumberInput
          label={t`Usage limit`}
          description={t`How many times it may be used. Empty: unlimited.`}
          min={1}
          allowDecimal={false}
          allowNegative={false}
          hideControls
          key={form.key('max_allowed_usages')}
          {...form.getInputProps('max_allowed_usages')}
        />
      </SimpleGrid>
      <MultiSelect
        label={t`Applies to`}
        description={t`Leave empty for every ticket of the event, including tickets added later.`}
        placeholder={form.values.applicable_ticket_ids.length === 0 ? t`All tickets` : undefined}
        data={(tickets.data ?? []).map((ticket) => ({ value: String(ticket.id), label: ticket.title }))}
        disabled={!tickets.data}
        searchable
        clearable
        nothingFoundMessage={t`No ticket matches`}
        comboboxProps={{ withinPortal: true }}
        key={form.key('applicable_ticket_ids')}
        {...form.getInputProps('applicable_ticket_ids')}
        error={
          form.errors.applicable_ticket_ids ?? (tickets.isError ? t`Could not load the tickets.` : undefined)
        }
      />
    </ModalForm>
  );
}

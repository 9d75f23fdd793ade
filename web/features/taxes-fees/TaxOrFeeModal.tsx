import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/SimpleGrid.css';
import { useLingui } from '@lingui/react/macro';
import { Radio, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { TaxOrFeeRequest, type TaxOrFeeResponse } from '../../../common/taxes-fees';
import { AmountField, useAmountError } from '../../components/AmountField';
import { amountText, readAmountField } from '../../components/amount-value';
import { FormModal, ModalForm } from '../../components/FormModal';
import { validateWith } from '../../components/form-errors';
import { notify } from '../../components/notify';
import { useCreateTaxOrFee, useUpdateTaxOrFee } from './api';

interface Values {
  name: string;
  type: 'TAX' | 'FEE';
  calculation_type: 'PERCENTAGE' | 'FIXED';
  /** As typed: a percentage ("23,5") or an amount in major units ("1.50"). */
  rate: string;
  is_default: boolean;
  applies_to_fees: boolean;
}

function initialValues(taxOrFee: TaxOrFeeResponse | null, currency: string): Values {
  if (!taxOrFee)
    return {
      name: '',
      type: 'TAX',
      calculation_type: 'PERCENTAGE',
      rate: '',
      is_default: false,
      applies_to_fees: false,
    };
  return {
    name: taxOrFee.name,
    type: taxOrFee.type,
    calculation_type: taxOrFee.calculation_type,
    rate: taxOrFee.calculation_type === 'FIXED' ? amountText(Number(taxOrFee.rate), currency) : taxOrFee.rate,
    is_default: taxOrFee.is_default,
    applies_to_fees: taxOrFee.applies_to_fees,
  };
}

/** A fixed amount goes to the API in minor units; one that cannot be read is sent as -1 and refused. */
const toRequest =
  (currency: string) =>
  (v: Values): TaxOrFeeRequest =>
    v.calculation_type === 'PERCENTAGE'
      ? {
          name: v.name,
          type: v.type,
          calculation_type: 'PERCENTAGE',
          rate: v.rate,
          is_default: v.is_default,
          applies_to_fees: v.type === 'TAX' && v.applies_to_fees,
        }
      : {
          name: v.name,
          type: v.type,
          calculation_type: 'FIXED',
          rate: readAmountField(v.rate, currency).minor ?? -1,
          is_default: v.is_default,
          applies_to_fees: v.type === 'TAX' && v.applies_to_fees,
        };

/** Adds or changes a tax or fee of the account (`taxOrFee` null: a new one). */
export function TaxOrFeeModal({
  opened,
  taxOrFee,
  currency,
  onClose,
}: {
  opened: boolean;
  taxOrFee: TaxOrFeeResponse | null;
  currency: string;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const name = taxOrFee?.name ?? '';
  return (
    <FormModal opened={opened} onClose={onClose} title={taxOrFee ? t`Edit ${name}` : t`Add a tax or fee`}>
      <TaxOrFeeForm taxOrFee={taxOrFee} currency={currency} onDone={onClose} />
    </FormModal>
  );
}

function TaxOrFeeForm({
  taxOrFee,
  currency,
  onDone,
}: {
  taxOrFee: TaxOrFeeResponse | null;
  currency: string;
  onDone: () => void;
}) {
  const { t } = useLingui();
  const create = useCreateTaxOrFee();
  const update = useUpdateTaxOrFee();
  const example = amountText(250, currency);
  const amountError = useAmountError();
  const schemaErrors = validateWith(TaxOrFeeRequest, toRequest(currency));
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: initialValues(taxOrFee, currency),
    validate: (values) => {
      const errors = schemaErrors(values);
      const fixedError = amountError(values.rate, currency, { example: 250 });
      if (values.calculation_type === 'FIXED' && fixedError !== null) errors.rate = fixedError;
      return errors;
    },
  });
  const fixed = form.values.calculation_type === 'FIXED';
  const percentageTax = form.values.type === 'TAX' && !fixed;

  const save = (values: Values) => {
    const body = toRequest(currency)(values);
    return taxOrFee ? update.mutateAsync({ id: taxOrFee.id, body }) : create.mutateAsync(body);
  };
  const onSaved = (saved: TaxOrFeeResponse) => {
    const savedName = saved.name;
    notify(taxOrFee ? t`${savedName} has been saved.` : t`${savedName} has been added.`);
    onDone();
  };

  return (
    <ModalForm
      form={form}
      save={save}
      onSaved={onSaved}
      onCancel={onDone}
      submitLabel={taxOrFee ? t`Save` : t`Add`}
    >
      <TextInput
        label={t`Name`}
        description={t`Buyers see it on the order summary, e.g. VAT or Booking fee.`}
        required
        data-autofocus
        key={form.key('name')}
        {...form.getInputProps('name')}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <Radio.Group label={t`Type`} required key={form.key('type')} {...form.getInputProps('type')}>
          <Stack gap="xs" mt="xs">
            <Radio value="TAX" label={t`Tax`} />
            <Radio value="FEE" label={t`Fee`} />
          </Stack>
        </Radio.Group>
        <Radio.Group
          label={t`Calculation`}
          required
          key={form.key('calculation_type')}
          {...form.getInputProps('calculation_type')}
        >
          <Stack gap="xs" mt="xs">
            <Radio value="PERCENTAGE" label={t`Percentage of the price`} />
            <Radio value="FIXED" label={t`Fixed amount per ticket`} />
          </Stack>
        </Radio.Group>
      </SimpleGrid>
      {fixed ? (
        <AmountField
          currency={currency}
          label={t`Amount per ticket`}
          description={t`In ${currency}, e.g. ${example}.`}
          required
          w={{ base: '100%', xs: 260 }}
          key={form.key('rate')}
          {...form.getInputProps('rate')}
        />
      ) : (
        <TextInput
          label={t`Rate`}
          description={t`A percentage, e.g. 23.5.`}
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
          key={form.key('rate')}
          {...form.getInputProps('rate')}
        />
      )}
      {percentageTax ? (
        <Switch
          label={t`Also applies to fees`}
          description={t`The rate is charged on the ticket price plus its fees, as VAT is on a booking fee in many countries. Off: on the ticket price only.`}
          key={form.key('applies_to_fees')}
          {...form.getInputProps('applies_to_fees', { type: 'checkbox' })}
        />
      ) : null}
      <Switch
        label={t`Apply to new tickets by default`}
        description={t`New tickets start with it selected. Tickets that exist already do not change.`}
        key={form.key('is_default')}
        {...form.getInputProps('is_default', { type: 'checkbox' })}
      />
    </ModalForm>
  );
}

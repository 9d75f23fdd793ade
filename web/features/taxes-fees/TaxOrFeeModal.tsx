import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/SimpleGrid.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Modal, Radio, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { formatMoney, MAX_MINOR, readAmount, toMajorText, toMinor } from '../../../common/money';
import { TaxOrFeeRequest, type TaxOrFeeResponse } from '../../../common/taxes-fees';
import { apiFieldErrors } from '../../components/api-error';
import { ErrorAlert } from '../../components/ErrorAlert';
import { firstMessages, focusFirstError, validateWith } from '../../components/form-errors';
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
    rate:
      taxOrFee.calculation_type === 'FIXED' ? toMajorText(Number(taxOrFee.rate), currency) : taxOrFee.rate,
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
          rate: toMinor(v.rate, currency) ?? -1,
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
    <Modal
      opened={opened}
      onClose={onClose}
      title={taxOrFee ? t`Edit ${name}` : t`Add a tax or fee`}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      <TaxOrFeeForm taxOrFee={taxOrFee} currency={currency} onDone={onClose} />
    </Modal>
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
  const { t, i18n } = useLingui();
  const create = useCreateTaxOrFee();
  const update = useUpdateTaxOrFee();
  const save = taxOrFee ? update : create;
  const example = toMajorText(250, currency);
  const schemaErrors = validateWith(TaxOrFeeRequest, toRequest(currency));
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: initialValues(taxOrFee, currency),
    validate: (values) => {
      const errors = schemaErrors(values);
      const { problem } = readAmount(values.rate, currency);
      if (values.calculation_type === 'FIXED' && problem !== null) {
        const maximum = formatMoney(MAX_MINOR, currency, i18n.locale);
        errors.rate =
          problem === 'too_large' ? t`At most ${maximum}.` : t`Enter an amount such as ${example}.`;
      }
      return errors;
    },
  });
  const fixed = form.values.calculation_type === 'FIXED';
  const percentageTax = form.values.type === 'TAX' && !fixed;

  const submit = form.onSubmit((values) => {
    const body = toRequest(currency)(values);
    const options = {
      onSuccess: (saved: TaxOrFeeResponse) => {
        const savedName = saved.name;
        notify(taxOrFee ? t`${savedName} has been saved.` : t`${savedName} has been added.`);
        onDone();
      },
      onError: (error: Error) => form.setErrors(firstMessages(apiFieldErrors(error))),
    };
    if (taxOrFee) update.mutate({ id: taxOrFee.id, body }, options);
    else create.mutate(body, options);
  }, focusFirstError(form));

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <ErrorAlert error={save.error} />
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
        <TextInput
          label={fixed ? t`Amount per ticket` : t`Rate`}
          description={fixed ? t`In ${currency}, e.g. ${example}.` : t`A percentage, e.g. 23.5.`}
          required
          inputMode="decimal"
          autoComplete="off"
          rightSection={
            <Text size="sm" c="dimmed" aria-hidden>
              {fixed ? currency : '%'}
            </Text>
          }
          rightSectionWidth={fixed ? 52 : 36}
          w={{ base: '100%', xs: 260 }}
          key={form.key('rate')}
          {...form.getInputProps('rate')}
        />
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
        <Group justify="flex-end" gap="sm" mt="sm">
          <Button variant="default" onClick={onDone}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" loading={save.isPending}>
            {taxOrFee ? <Trans>Save</Trans> : <Trans>Add</Trans>}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

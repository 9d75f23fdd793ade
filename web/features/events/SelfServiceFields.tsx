import '@mantine/core/styles/Radio.css';
import { useLingui } from '@lingui/react/macro';
import { Checkbox, NumberInput, Radio, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { SELF_SERVICE_HOURS } from '../../../common/self-service';
import { AmountField } from '../../components/AmountField';
import type { SelfServiceValues } from './self-service-form';

type Form = UseFormReturnType<{ currency: string; settings: { self_service: SelfServiceValues } }>;

/**
 * What buyers may do to their own orders from the order page (decision 057): change details
 * until some hours before their date, and cancel (never, free orders only, or paid ones too with
 * a refund less a fee).
 */
export function SelfServiceFields({ form }: { form: Form }) {
  const { t } = useLingui();
  const at = (field: keyof SelfServiceValues) => `settings.self_service.${field}`;
  const values = form.getValues();
  const { edit_enabled, cancel_mode } = values.settings.self_service;
  return (
    <Stack gap="sm" data-testid="self-service-settings">
      <Checkbox
        label={t`Buyers may change their order's details`}
        description={t`From their order page: ticket holders and their own details, as chosen below.`}
        key={form.key(at('edit_enabled'))}
        {...form.getInputProps(at('edit_enabled'), { type: 'checkbox' })}
      />
      {edit_enabled ? (
        <>
          <NumberInput
            label={t`Until how many hours before the event`}
            description={t`Counted from the start of the date the order is for.`}
            min={SELF_SERVICE_HOURS.min}
            max={SELF_SERVICE_HOURS.max}
            allowDecimal={false}
            key={form.key(at('edit_until_hours'))}
            {...form.getInputProps(at('edit_until_hours'))}
          />
          <Checkbox.Group
            label={t`What buyers may change`}
            key={form.key(at('edit_fields'))}
            {...form.getInputProps(at('edit_fields'))}
          >
            <Stack gap={6} mt={6}>
              <Checkbox value="ATTENDEE_NAME" label={t`Ticket holder's name`} />
              <Checkbox
                value="ATTENDEE_EMAIL"
                label={t`Ticket holder's e-mail (the ticket is sent to the new address)`}
              />
              <Checkbox value="ATTENDEE_ANSWERS" label={t`Ticket holder's answers`} />
              <Checkbox value="BUYER_DETAILS" label={t`The buyer's own details and answers`} />
            </Stack>
          </Checkbox.Group>
        </>
      ) : null}
      <Radio.Group
        label={t`Buyers may cancel their order`}
        key={form.key(at('cancel_mode'))}
        {...form.getInputProps(at('cancel_mode'))}
      >
        <Stack gap={6} mt={6}>
          <Radio value="NEVER" label={t`Never`} />
          <Radio value="FREE_ONLY" label={t`Free orders only`} />
          <Radio value="PAID_TOO" label={t`Paid orders too, refunded to their card less a fee`} />
        </Stack>
      </Radio.Group>
      {cancel_mode !== 'NEVER' ? (
        <NumberInput
          label={t`Cancelling until how many hours before the event`}
          min={SELF_SERVICE_HOURS.min}
          max={SELF_SERVICE_HOURS.max}
          allowDecimal={false}
          key={form.key(at('cancel_until_hours'))}
          {...form.getInputProps(at('cancel_until_hours'))}
        />
      ) : null}
      {cancel_mode === 'PAID_TOO' ? (
        <>
          <AmountField
            label={t`Cancellation fee (fixed)`}
            currency={values.currency}
            key={form.key(at('cancel_fee_fixed'))}
            {...form.getInputProps(at('cancel_fee_fixed'))}
          />
          <TextInput
            label={t`Cancellation fee (percent of the total)`}
            description={t`Up to two decimals, such as 2.5. Never more than what is left to refund.`}
            inputMode="decimal"
            key={form.key(at('cancel_fee_bps'))}
            {...form.getInputProps(at('cancel_fee_bps'))}
          />
        </>
      ) : null}
    </Stack>
  );
}

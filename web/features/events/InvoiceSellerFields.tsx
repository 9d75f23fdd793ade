import { useLingui } from '@lingui/react/macro';
import { Checkbox, NumberInput, Stack, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { InvoiceSellerValues } from './invoice-seller';

/**
 * The event's invoices name another seller than the account's (a festival run by its own
 * association), optionally numbered in a series of their own (decision 053).
 */
export function InvoiceSellerFields({
  form,
}: {
  form: UseFormReturnType<{ settings: { invoice_seller: InvoiceSellerValues } }>;
}) {
  const { t } = useLingui();
  const at = (field: keyof InvoiceSellerValues) => `settings.invoice_seller.${field}`;
  const on = form.getValues().settings.invoice_seller.on;
  return (
    <Stack gap="sm">
      <Checkbox
        label={t`Invoices of this event name another seller`}
        description={t`Otherwise they name the account’s seller, from the invoice settings.`}
        key={form.key(at('on'))}
        {...form.getInputProps(at('on'), { type: 'checkbox' })}
      />
      {on ? (
        <>
          <TextInput
            label={t`Legal name`}
            required
            key={form.key(at('legal_name'))}
            {...form.getInputProps(at('legal_name'))}
          />
          <Textarea
            label={t`Address`}
            required
            autosize
            minRows={2}
            key={form.key(at('address'))}
            {...form.getInputProps(at('address'))}
          />
          <TextInput
            label={t`VAT number`}
            key={form.key(at('tax_id'))}
            {...form.getInputProps(at('tax_id'))}
          />
          <Checkbox
            label={t`Number this event’s invoices in a series of its own`}
            description={t`Starting at 1, under a prefix of its own that differs from the account’s.`}
            key={form.key(at('own_sequence'))}
            {...form.getInputProps(at('own_sequence'), { type: 'checkbox' })}
          />
          <NumberInput
            label={t`Payment terms (days)`}
            description={t`Left empty: the account’s.`}
            min={0}
            max={365}
            allowDecimal={false}
            key={form.key(at('payment_terms_days'))}
            {...form.getInputProps(at('payment_terms_days'))}
          />
          <Textarea
            label={t`Notes`}
            description={t`Left empty: the account’s.`}
            autosize
            minRows={2}
            key={form.key(at('notes'))}
            {...form.getInputProps(at('notes'))}
          />
          <Textarea
            label={t`Footer`}
            description={t`Left empty: the account’s.`}
            autosize
            minRows={2}
            key={form.key(at('footer'))}
            {...form.getInputProps(at('footer'))}
          />
          <TextInput
            label={t`Number prefix`}
            description={t`Letters, digits and - / . _, printed before each number.`}
            key={form.key(at('prefix'))}
            {...form.getInputProps(at('prefix'))}
          />
        </>
      ) : null}
    </Stack>
  );
}

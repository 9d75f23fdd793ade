import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/SimpleGrid.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Checkbox, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatMoney } from '../../../common/money';
import type { TaxOrFeeResponse } from '../../../common/taxes-fees';
import { FormSection } from './FormSection';
import type { TicketForm, TicketValues } from './form';

type Flag =
  | 'show_quantity_remaining'
  | 'hide_when_sold_out'
  | 'hide_before_sale_start_date'
  | 'hide_after_sale_end_date'
  | 'is_hidden'
  | 'is_hidden_without_promo_code'
  | 'is_paused';

/** Who sees the ticket and when, and the taxes and fees added to its price. */
export function TicketOptions({
  form,
  taxes,
  currency,
}: {
  form: TicketForm;
  taxes: TaxOrFeeResponse[];
  currency: string;
}) {
  const { t, i18n } = useLingui();
  const flags: { field: Flag & keyof TicketValues; label: string }[] = [
    { field: 'show_quantity_remaining', label: t`Show how many are left` },
    { field: 'hide_when_sold_out', label: t`Hide when sold out` },
    { field: 'hide_before_sale_start_date', label: t`Hide before the sale starts` },
    { field: 'hide_after_sale_end_date', label: t`Hide after the sale ends` },
    { field: 'is_hidden', label: t`Hidden from buyers` },
    { field: 'is_hidden_without_promo_code', label: t`Hidden unless a promo code is entered` },
    { field: 'is_paused', label: t`Sales paused` },
  ];
  const rate = (tax: TaxOrFeeResponse) =>
    tax.calculation_type === 'PERCENTAGE'
      ? `${tax.rate}%`
      : formatMoney(Number(tax.rate), currency, i18n.locale);

  return (
    <>
      <FormSection title={t`Visibility`}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {flags.map(({ field, label }) => (
            <Checkbox
              key={form.key(field)}
              label={label}
              {...form.getInputProps(field, { type: 'checkbox' })}
            />
          ))}
        </SimpleGrid>
      </FormSection>
      <FormSection title={t`Taxes and fees`}>
        {taxes.length === 0 ? (
          <Text size="sm" c="gray.7">
            <Trans>
              This account has no taxes or fees. An administrator can add them in the account settings.
            </Trans>
          </Text>
        ) : (
          <Checkbox.Group
            aria-label={t`Taxes and fees`}
            key={form.key('tax_and_fee_ids')}
            {...form.getInputProps('tax_and_fee_ids')}
          >
            <Stack gap="xs">
              {taxes.map((tax) => (
                <Checkbox
                  key={tax.id}
                  value={String(tax.id)}
                  label={`${tax.name} (${rate(tax)})`}
                  description={tax.type === 'TAX' ? t`Tax` : t`Fee`}
                />
              ))}
            </Stack>
          </Checkbox.Group>
        )}
      </FormSection>
    </>
  );
}

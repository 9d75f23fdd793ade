import { Trans, useLingui } from '@lingui/react/macro';
import type { UseFormReturnType } from '@mantine/form';
import { useMemo } from 'react';
import type { BuyerBusinessMode } from '../../../common/business-buyer';
import { vatExample } from '../../../common/vat';
import { Card, Checkbox, Select, Stack, Text, Textarea, TextInput, Title } from '../../ui';
import { countryOptions } from './business-form';
import type { DetailsValues } from './form';

/**
 * "Buying for a business" (issue 38): the company, its address, its country and VAT number for
 * the invoice, when the seller asks for them. REQUIRED shows them always; OPTIONAL behind "I need
 * a business invoice"; OFF shows nothing.
 */
export function BusinessFields({
  form,
  mode,
}: {
  form: UseFormReturnType<DetailsValues>;
  mode: BuyerBusinessMode;
}) {
  const { t, i18n } = useLingui();
  const countries = useMemo(() => countryOptions(i18n.locale), [i18n.locale]);
  if (mode === 'OFF') return null;
  const required = mode === 'REQUIRED';
  const example = vatExample(form.values.vat_country);
  return (
    <Card as="section" aria-labelledby="business-heading" data-testid="business-buyer">
      <Stack gap="sm">
        <Title order={2} size="h3" id="business-heading">
          <Trans>Buying for a business</Trans>
        </Title>
        {required ? (
          <Text size="sm" tone="muted">
            <Trans>
              The invoice is made out to your company: enter its details as they should appear on it.
            </Trans>
          </Text>
        ) : (
          <Checkbox
            label={t`I need a business invoice`}
            id="business_invoice"
            {...form.getInputProps('business_invoice', { type: 'checkbox' })}
          />
        )}
        {form.values.business_invoice ? (
          <>
            <TextInput
              label={t`Company name`}
              required={required}
              autoComplete="organization"
              id="company"
              {...form.getInputProps('company')}
            />
            <Textarea
              label={t`Company address`}
              description={t`Street, postal code and city, as on the invoice.`}
              required={required}
              autoComplete="street-address"
              id="company_address"
              {...form.getInputProps('company_address')}
            />
            <Select
              label={t`Country`}
              required={required}
              autoComplete="country"
              id="vat_country"
              options={[{ value: '', label: t`Choose a country…` }, ...countries]}
              {...form.getInputProps('vat_country')}
            />
            <TextInput
              label={t`VAT number`}
              description={example ? t`For example ${example}` : t`Your company's VAT or tax number.`}
              required={required}
              autoComplete="off"
              spellCheck={false}
              id="vat_id"
              {...form.getInputProps('vat_id')}
            />
          </>
        ) : null}
      </Stack>
    </Card>
  );
}

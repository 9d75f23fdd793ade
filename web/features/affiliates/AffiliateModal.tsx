import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/InlineInput.css';
import { useLingui } from '@lingui/react/macro';
import { Group, Radio, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { ChangeEvent } from 'react';
import { AffiliateRequest, type AffiliateResponse } from '../../../common/affiliates';
import { LIMITS } from '../../../common/limits';
import { FormModal, ModalForm } from '../../components/FormModal';
import { validateWith } from '../../components/form-errors';
import { notify } from '../../components/notify';
import { useCreateAffiliate, useUpdateAffiliate } from './api';
import { type AffiliateValues, affiliateValues, toAffiliateRequest } from './form';

/** Adds or changes an affiliate of the event (`affiliate` null: a new one). */
export function AffiliateModal({
  opened,
  affiliate,
  eventId,
  onClose,
}: {
  opened: boolean;
  affiliate: AffiliateResponse | null;
  eventId: number;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const name = affiliate?.name ?? '';
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={affiliate ? t`Edit affiliate ${name}` : t`Add an affiliate`}
    >
      <AffiliateForm affiliate={affiliate} eventId={eventId} onDone={onClose} />
    </FormModal>
  );
}

function AffiliateForm({
  affiliate,
  eventId,
  onDone,
}: {
  affiliate: AffiliateResponse | null;
  eventId: number;
  onDone: () => void;
}) {
  const { t } = useLingui();
  const create = useCreateAffiliate(eventId);
  const update = useUpdateAffiliate(eventId);
  const form = useForm<AffiliateValues>({
    mode: 'controlled',
    initialValues: affiliateValues(affiliate),
    validate: validateWith(AffiliateRequest, toAffiliateRequest),
  });

  // Codes are stored upper-case; show them so while typing, keeping the caret where it was.
  const typeCode = (change: ChangeEvent<HTMLInputElement>) => {
    const input = change.currentTarget;
    const { selectionStart, selectionEnd } = input;
    form.setFieldValue('code', input.value.toUpperCase());
    requestAnimationFrame(() => input.setSelectionRange(selectionStart, selectionEnd));
  };

  const save = (values: AffiliateValues) => {
    const body = toAffiliateRequest(values);
    return affiliate ? update.mutateAsync({ id: affiliate.id, body }) : create.mutateAsync(body);
  };
  const onSaved = (saved: AffiliateResponse) => {
    const savedName = saved.name;
    notify(affiliate ? t`Affiliate ${savedName} has been saved.` : t`Affiliate ${savedName} has been added.`);
    onDone();
  };

  const min = LIMITS.affiliate.codeMin;
  const max = LIMITS.affiliate.codeMax;
  return (
    <ModalForm
      form={form}
      save={save}
      onSaved={onSaved}
      onCancel={onDone}
      submitLabel={affiliate ? t`Save` : t`Add`}
    >
      <TextInput
        label={t`Name`}
        description={t`Who shares the link: a person, a partner or a campaign.`}
        required
        data-autofocus
        autoComplete="off"
        maxLength={LIMITS.affiliate.nameMax}
        key={form.key('name')}
        {...form.getInputProps('name')}
      />
      <TextInput
        label={t`Code`}
        description={t`${min} to ${max} letters, digits, dashes or underscores. It goes in the link as ?aff=CODE, in any case.`}
        required
        autoComplete="off"
        spellCheck={false}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        key={form.key('code')}
        {...form.getInputProps('code')}
        onChange={typeCode}
      />
      <TextInput
        type="email"
        label={t`E-mail`}
        description={t`Optional: whom to contact about these sales.`}
        autoComplete="off"
        key={form.key('email')}
        {...form.getInputProps('email')}
      />
      <Radio.Group label={t`Status`} key={form.key('status')} {...form.getInputProps('status')}>
        <Group gap="lg" mt="xs">
          <Radio value="ACTIVE" label={t`Active: the link credits new orders`} />
          <Radio value="INACTIVE" label={t`Inactive: the link no longer counts`} />
        </Group>
      </Radio.Group>
    </ModalForm>
  );
}

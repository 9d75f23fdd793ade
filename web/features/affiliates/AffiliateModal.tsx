import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/InlineInput.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Modal, Radio, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { ChangeEvent } from 'react';
import { AffiliateRequest, type AffiliateResponse } from '../../../common/affiliates';
import { LIMITS } from '../../../common/limits';
import { apiFieldErrors } from '../../components/api-error';
import { ErrorAlert } from '../../components/ErrorAlert';
import { firstMessages, focusFirstError, validateWith } from '../../components/form-errors';
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
    <Modal
      opened={opened}
      onClose={onClose}
      title={affiliate ? t`Edit affiliate ${name}` : t`Add an affiliate`}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      <AffiliateForm affiliate={affiliate} eventId={eventId} onDone={onClose} />
    </Modal>
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
  const save = affiliate ? update : create;
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

  const submit = form.onSubmit((values) => {
    const body = toAffiliateRequest(values);
    const options = {
      onSuccess: (saved: AffiliateResponse) => {
        const savedName = saved.name;
        notify(
          affiliate ? t`Affiliate ${savedName} has been saved.` : t`Affiliate ${savedName} has been added.`,
        );
        onDone();
      },
      onError: (error: Error) => form.setErrors(firstMessages(apiFieldErrors(error))),
    };
    if (affiliate) update.mutate({ id: affiliate.id, body }, options);
    else create.mutate(body, options);
  }, focusFirstError(form));

  const min = LIMITS.affiliate.codeMin;
  const max = LIMITS.affiliate.codeMax;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <ErrorAlert error={save.error} />
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
        <Group justify="flex-end" gap="sm" mt="sm">
          <Button variant="default" onClick={onDone}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" loading={save.isPending}>
            {affiliate ? <Trans>Save</Trans> : <Trans>Add</Trans>}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

import '@mantine/core/styles/Input.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type AdminOrderDetailResponse, UpdateOrderBuyerRequest } from '../../../common/admin-orders';
import { apiFieldErrors } from '../../components/api-error';
import { ErrorAlert } from '../../components/ErrorAlert';
import { firstMessages, focusFirstError, validateWith } from '../../components/form-errors';
import { notify } from '../../components/notify';
import { useUpdateBuyer } from './api';

/** Corrects the buyer's names and e-mail (the change is written to the order's activity). */
export function EditBuyerForm({
  eventId,
  order,
  onDone,
}: {
  eventId: number;
  order: AdminOrderDetailResponse;
  onDone: () => void;
}) {
  const { t } = useLingui();
  const update = useUpdateBuyer(eventId, order.id);
  const form = useForm<UpdateOrderBuyerRequest>({
    mode: 'controlled',
    initialValues: {
      first_name: order.first_name ?? '',
      last_name: order.last_name ?? '',
      email: order.email ?? '',
    },
    validate: validateWith(UpdateOrderBuyerRequest),
  });
  const submit = form.onSubmit((values) => {
    update.mutate(values, {
      onSuccess: () => {
        notify(t`The buyer's details have been saved.`);
        onDone();
      },
      onError: (error) => form.setErrors(firstMessages(apiFieldErrors(error))),
    });
  }, focusFirstError(form));

  return (
    <form onSubmit={submit} noValidate aria-label={t`Edit buyer`}>
      <Stack gap="sm">
        <ErrorAlert error={update.error} />
        <TextInput
          label={t`First name`}
          required
          data-autofocus
          key={form.key('first_name')}
          {...form.getInputProps('first_name')}
        />
        <TextInput
          label={t`Last name`}
          required
          key={form.key('last_name')}
          {...form.getInputProps('last_name')}
        />
        <TextInput
          label={t`E-mail`}
          type="email"
          required
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" loading={update.isPending}>
            <Trans>Save</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

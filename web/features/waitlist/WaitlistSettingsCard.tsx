import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/NumberInput.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, NumberInput, Stack, Switch } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { type EventResponse, WAITLIST_OFFER_HOURS } from '../../../common/events';
import { queryKeys } from '../../api/query-keys';
import { apiFieldErrors } from '../../components/api-error';
import { ErrorAlert } from '../../components/ErrorAlert';
import { firstMessages, focusFirstError } from '../../components/form-errors';
import { notify } from '../../components/notify';
import { Section } from '../../components/Section';
import { useUpdateEvent } from '../events/api';
import { toSettingsPatch, toValues, type Values, validateSettings } from './form';

/** The event's three waiting-list settings, saved together. */
export function WaitlistSettingsCard({ event }: { event: EventResponse }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const update = useUpdateEvent(event.id);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: toValues(event),
    validate: validateSettings,
  });

  const submit = form.onSubmit(
    (values) =>
      update.mutate(
        { settings: toSettingsPatch(values) },
        {
          onSuccess: (saved) => {
            form.setValues(toValues(saved));
            form.resetDirty(toValues(saved));
            // The list says whether offers are automatic.
            void queryClient.invalidateQueries({ queryKey: queryKeys.waitlist.all(event.id) });
            notify(t`The waiting list settings have been saved.`);
          },
          onError: (error) => {
            const own = Object.fromEntries(
              Object.entries(apiFieldErrors(error)).map(([field, m]) => [
                field.replace(/^settings\./, ''),
                m,
              ]),
            );
            form.setErrors(firstMessages(own));
          },
        },
      ),
    focusFirstError(form),
  );

  const enabled = form.getValues().waitlist_enabled;
  return (
    <Section
      title={t`Waiting list settings`}
      description={t`A ticket can follow these settings or have its own: see "Waiting list" in the ticket's form.`}
    >
      <form onSubmit={submit} noValidate aria-label={t`Waiting list settings`}>
        <Stack gap="md">
          <ErrorAlert error={update.error} />
          <Switch
            label={t`Enable the waiting list for sold-out tickets`}
            description={t`Buyers can leave their name and e-mail when a ticket is sold out.`}
            key={form.key('waitlist_enabled')}
            {...form.getInputProps('waitlist_enabled', { type: 'checkbox' })}
          />
          <Switch
            label={t`Offer freed tickets automatically`}
            description={t`When a ticket frees up, the next person waiting gets an e-mail with an offer. Off: you offer tickets yourself, below.`}
            disabled={!enabled}
            key={form.key('waitlist_auto_offer')}
            {...form.getInputProps('waitlist_auto_offer', { type: 'checkbox' })}
          />
          <NumberInput
            label={t`Hours an offer holds its ticket`}
            description={t`From 1 to 168 hours (a week). Then the ticket goes to the next person.`}
            min={WAITLIST_OFFER_HOURS.min}
            max={WAITLIST_OFFER_HOURS.max}
            allowDecimal={false}
            disabled={!enabled}
            w={{ base: '100%', xs: 380 }}
            key={form.key('waitlist_offer_hours')}
            {...form.getInputProps('waitlist_offer_hours')}
          />
          <Group>
            <Button type="submit" loading={update.isPending} disabled={!form.isDirty()}>
              <Trans>Save settings</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Section>
  );
}

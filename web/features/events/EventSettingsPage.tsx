import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/SegmentedControl.css';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Button,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import type { EventResponse } from '../../../common/events';
import type { OrganizerResponse } from '../../../common/organizers';
import { apiFieldErrors } from '../../components/api-error';
import { ErrorAlert } from '../../components/ErrorAlert';
import { firstMessages, focusFirstError } from '../../components/form-errors';
import { InlineLoader } from '../../components/InlineLoader';
import { notify } from '../../components/notify';
import { Section } from '../../components/Section';
import { CurrencySelect, TimezoneSelect } from '../../components/selects';
import { useOrganizers } from '../organizers/api';
import { useEvent, useEventImages, useUpdateEvent } from './api';
import { useEventId } from './EventLayout';
import { type LocationField, toUpdateRequest, toValues, type Values, validateEventSettings } from './form';
import { ImageField } from './ImageField';
import { InvoiceSellerFields } from './InvoiceSellerFields';
import { RichTextField } from './RichTextField';
import { SelfServiceFields } from './SelfServiceFields';
import {
  FooterField,
  MessageFields,
  NotifyField,
  OfflinePaymentFields,
  OrderTimeoutField,
  PriceDisplayField,
  SearchIndexingField,
  TicketPdfField,
} from './SettingsFields';

/** `/manage/event/:eventId/settings`: every field of the event, in sections, and its images. */
export function EventSettingsPage() {
  const { t } = useLingui();
  const eventId = useEventId() ?? 0;
  const event = useEvent(eventId);
  const organizers = useOrganizers();
  const images = useEventImages(eventId);
  if (event.isPending || organizers.isPending) return <InlineLoader />;
  if (event.isError || organizers.isError) {
    return (
      <Stack gap="sm">
        <ErrorAlert error={event.error ?? organizers.error} title={t`Could not load the settings`} />
        <Button
          variant="default"
          w="fit-content"
          onClick={() => {
            void event.refetch();
            void organizers.refetch();
          }}
        >
          <Trans>Try again</Trans>
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      <title>{`${t`Settings`} · ${event.data.title} · Tessera`}</title>
      <Title order={2} fz="xl">
        <Trans>Settings</Trans>
      </Title>
      <EventSettingsForm key={event.data.id} event={event.data} organizers={organizers.data.data} />
      <div id="images">
        <Section
          title={t`Images`}
          description={t`The cover is shown at the top of the event page. A new one replaces the old.`}
        >
          {images.isPending ? (
            <InlineLoader />
          ) : images.isError ? (
            <ErrorAlert error={images.error} />
          ) : (
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
              <ImageField
                eventId={eventId}
                type="EVENT_COVER"
                title={t`Cover image`}
                image={images.data.find((i) => i.type === 'EVENT_COVER')}
              />
              <ImageField
                eventId={eventId}
                type="EVENT_LOGO"
                title={t`Logo`}
                image={images.data.find((i) => i.type === 'EVENT_LOGO')}
              />
            </SimpleGrid>
          )}
        </Section>
      </div>
    </Stack>
  );
}

function EventSettingsForm({ event, organizers }: { event: EventResponse; organizers: OrganizerResponse[] }) {
  const { t } = useLingui();
  const update = useUpdateEvent(event.id);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: toValues(event),
    validate: validateEventSettings,
  });

  const submit = form.onSubmit(
    (values) =>
      update.mutate(toUpdateRequest(values), {
        onSuccess: (saved) => {
          form.setValues(toValues(saved));
          form.resetDirty(toValues(saved));
          notify(t`The event settings have been saved.`);
        },
        onError: (error) => form.setErrors(firstMessages(apiFieldErrors(error))),
      }),
    focusFirstError(form),
  );

  const values = form.getValues();
  const locationInput = (field: LocationField, label: string, props: Record<string, unknown> = {}) => (
    <TextInput
      label={label}
      key={form.key(`location.${field}`)}
      {...form.getInputProps(`location.${field}`)}
      {...props}
    />
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <ErrorAlert error={update.error} />
        <Section title={t`Basic details`}>
          <TextInput
            label={t`Event title`}
            required
            key={form.key('title')}
            {...form.getInputProps('title')}
          />
          <Select
            label={t`Organizer`}
            required
            allowDeselect={false}
            data={organizers.map((o) => ({ value: String(o.id), label: o.name }))}
            key={form.key('organizer_id')}
            {...form.getInputProps('organizer_id')}
          />
          <RichTextField
            label={t`Description`}
            description={t`What buyers read on the event page.`}
            value={values.description}
            onChange={(html) => form.setFieldValue('description', html)}
            error={form.errors.description}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              type="datetime-local"
              label={t`Starts`}
              required
              key={form.key('start_date')}
              {...form.getInputProps('start_date')}
            />
            <TextInput
              type="datetime-local"
              label={t`Ends`}
              key={form.key('end_date')}
              {...form.getInputProps('end_date')}
            />
            <TimezoneSelect
              label={t`Time zone`}
              description={t`Start and end are the local time of this zone.`}
              required
              key={form.key('timezone')}
              {...form.getInputProps('timezone')}
            />
            <CurrencySelect
              label={t`Currency`}
              required
              key={form.key('currency')}
              {...form.getInputProps('currency')}
            />
          </SimpleGrid>
        </Section>

        <Section title={t`Location`}>
          <SegmentedControl
            aria-label={t`Where the event happens`}
            w="fit-content"
            data={[
              { value: 'venue', label: t`At a venue` },
              { value: 'online', label: t`Online` },
            ]}
            key={form.key('where')}
            {...form.getInputProps('where')}
          />
          {values.where === 'venue' ? (
            <>
              {locationInput('venue_name', t`Venue name`)}
              {locationInput('address_line_1', t`Address line 1`)}
              {locationInput('address_line_2', t`Address line 2`)}
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                {locationInput('city', t`City`)}
                {locationInput('state_or_region', t`State or region`)}
                {locationInput('zip_or_postal_code', t`ZIP or postal code`)}
                {locationInput('country', t`Country`)}
              </SimpleGrid>
              {locationInput('map_url', t`Map link`, {
                type: 'url',
                placeholder: 'https://',
                description: t`Optional. Without one, buyers get a map search for the address.`,
              })}
            </>
          ) : (
            <Textarea
              label={t`How to join`}
              description={t`A link and instructions for buyers.`}
              autosize
              minRows={3}
              key={form.key('online_event_details')}
              {...form.getInputProps('online_event_details')}
            />
          )}
        </Section>

        <Section title={t`Homepage and checkout`}>
          <MessageFields form={form} prefix="settings." />
          <OrderTimeoutField form={form} prefix="settings." />
        </Section>

        <div id="payment">
          <Section title={t`Payment`}>
            <OfflinePaymentFields form={form} prefix="settings." />
          </Section>
        </div>

        <Section title={t`Invoices`}>
          <InvoiceSellerFields form={form} />
        </Section>

        <Section title={t`Buyers' changes and cancellations`}>
          <SelfServiceFields form={form} />
        </Section>

        <Section title={t`E-mail and notifications`}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={t`Contact e-mail`}
              description={t`Shown to buyers on the event page.`}
              type="email"
              key={form.key('settings.contact_email')}
              {...form.getInputProps('settings.contact_email')}
            />
            <TextInput
              label={t`Reply-to e-mail`}
              description={t`Where replies to the event's e-mails go.`}
              type="email"
              key={form.key('settings.reply_to_email')}
              {...form.getInputProps('settings.reply_to_email')}
            />
          </SimpleGrid>
          <FooterField form={form} prefix="settings." />
          <NotifyField form={form} prefix="settings." />
          <TicketPdfField form={form} prefix="settings." />
        </Section>

        <Section title={t`Search engines`}>
          <TextInput
            label={t`Page title`}
            key={form.key('settings.seo_title')}
            {...form.getInputProps('settings.seo_title')}
          />
          <Textarea
            label={t`Page description`}
            autosize
            minRows={2}
            key={form.key('settings.seo_description')}
            {...form.getInputProps('settings.seo_description')}
          />
          <TextInput
            label={t`Keywords`}
            description={t`Separated by commas.`}
            key={form.key('settings.seo_keywords')}
            {...form.getInputProps('settings.seo_keywords')}
          />
          <SearchIndexingField form={form} prefix="settings." />
        </Section>

        <Section title={t`Miscellaneous`}>
          <PriceDisplayField form={form} prefix="settings." />
        </Section>

        <Group justify="flex-end" pos="sticky" bottom={0} py="sm" bg="gray.0" style={{ zIndex: 2 }}>
          <Button type="submit" loading={update.isPending}>
            <Trans>Save settings</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

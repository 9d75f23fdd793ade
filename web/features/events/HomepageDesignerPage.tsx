import '@mantine/core/styles/ColorInput.css';
import '@mantine/core/styles/ColorPicker.css';
import '@mantine/core/styles/ColorSwatch.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Grid.css';
import '@mantine/core/styles/SimpleGrid.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Box, Grid, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { EventResponse } from '../../../common/events';
import type { ImageResponse } from '../../../common/images';
import type { OrganizerResponse } from '../../../common/organizers';
import { apiFieldErrors } from '../../components/api-error';
import { ContrastWarning } from '../../components/ColourFields';
import { DesignerActions, DesignerPreview } from '../../components/DesignerParts';
import { ErrorAlert } from '../../components/ErrorAlert';
import { firstMessages, focusFirstError } from '../../components/form-errors';
import { InlineLoader } from '../../components/InlineLoader';
import { LoadError } from '../../components/LoadError';
import { notify } from '../../components/notify';
import { useOrganizers } from '../organizers/api';
import type { PublicEvent } from '../public-event/api';
import { designOf } from '../public-event/design';
import { EventTheme } from '../public-event/EventTheme';
import { EventView } from '../public-event/EventView';
import { TicketsSection } from '../public-event/TicketsSection';
import { useEvent, useEventImages, useUpdateEvent } from './api';
import { DesignFields } from './DesignFields';
import {
  contrastProblems,
  DEFAULT_DESIGN_VALUES,
  type DesignValues,
  previewContinueText,
  toDesignValues,
  toSettingsPatch,
  validateDesign,
} from './design-form';
import { useEventId } from './EventLayout';
import { FaqField } from './FaqField';
import { GalleryField } from './GalleryField';
import { PageSectionsField } from './PageSectionsField';

/**
 * `/manage/event/:eventId/homepage-designer`: the event page's colours, cover, button label,
 * sections and their order, FAQ and gallery, with the page itself beside the form, drawn with the values not saved yet.
 */
export function HomepageDesignerPage() {
  const { t } = useLingui();
  const eventId = useEventId() ?? 0;
  const event = useEvent(eventId);
  const organizers = useOrganizers();
  const images = useEventImages(eventId);
  if (event.isPending || organizers.isPending || images.isPending) return <InlineLoader />;
  if (event.isError || organizers.isError || images.isError) {
    return (
      <LoadError
        error={event.error ?? organizers.error ?? images.error}
        title={t`Could not load the design`}
        onRetry={() => {
          void event.refetch();
          void organizers.refetch();
          void images.refetch();
        }}
      />
    );
  }
  const organizer = organizers.data.data.find((o) => o.id === event.data.organizer_id);
  return (
    <Stack gap="lg">
      <title>{`${t`Homepage designer`} · ${event.data.title} · Tessera`}</title>
      <Title order={2} fz="xl">
        <Trans>Homepage designer</Trans>
      </Title>
      <Designer key={event.data.id} event={event.data} organizer={organizer} images={images.data} />
    </Stack>
  );
}

function Designer({
  event,
  organizer,
  images,
}: {
  event: EventResponse;
  organizer: OrganizerResponse | undefined;
  images: ImageResponse[];
}) {
  const { t } = useLingui();
  const update = useUpdateEvent(event.id);
  const form = useForm<DesignValues>({
    mode: 'controlled',
    initialValues: toDesignValues(event.settings),
    validate: validateDesign,
    validateInputOnBlur: true,
  });
  const values = form.getValues();

  const submit = form.onSubmit(
    (v) =>
      update.mutate(
        { settings: toSettingsPatch(v) },
        {
          onSuccess: (saved) => {
            form.setValues(toDesignValues(saved.settings));
            form.resetDirty(toDesignValues(saved.settings));
            notify(t`The design has been saved.`);
          },
          onError: (error) => {
            const errors = apiFieldErrors(error);
            const own = Object.fromEntries(
              Object.entries(errors).map(([field, messages]) => [field.replace(/^settings\./, ''), messages]),
            );
            form.setErrors(firstMessages(own));
          },
        },
      ),
    focusFirstError(form),
  );

  return (
    <Grid gap="xl">
      <Grid.Col span={{ base: 12, lg: 5 }}>
        <form onSubmit={submit} noValidate aria-label={t`Design of the event page`}>
          <Stack gap="lg">
            <ErrorAlert error={update.error} />
            <DesignFields
              form={form}
              eventId={event.id}
              cover={images.find((i) => i.type === 'EVENT_COVER')}
              contrastWarning={<ContrastWarning problems={contrastProblems(values)} />}
            />
            <PageSectionsField form={form} />
            <FaqField form={form} />
            <GalleryField eventId={event.id} images={images.filter((i) => i.type === 'EVENT_GALLERY')} />
            <DesignerActions
              saving={update.isPending}
              dirty={form.isDirty()}
              onReset={() => {
                // The FAQ's text is content, not design: it stays.
                form.setValues({ ...DEFAULT_DESIGN_VALUES, faq: form.getValues().faq });
                form.clearErrors();
              }}
            />
          </Stack>
        </form>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 7 }}>
        <Preview event={event} organizer={organizer} images={images} values={values} />
      </Grid.Col>
    </Grid>
  );
}

/** The real event page's components, with the form's colours and settings, not the saved ones. */
function Preview({
  event,
  organizer,
  images,
  values,
}: {
  event: EventResponse;
  organizer: OrganizerResponse | undefined;
  images: ImageResponse[];
  values: DesignValues;
}) {
  const { t, i18n } = useLingui();
  // The organizer's language stands for the buyer's: their own text, else the default.
  const continueLabel = previewContinueText(values, i18n.locale) || t`Get tickets`;
  const shown: PublicEvent = {
    id: event.id,
    title: event.title,
    slug: event.slug,
    description: event.description,
    start_date: event.start_date,
    end_date: event.end_date,
    timezone: event.timezone,
    currency: event.currency,
    lifecycle: event.lifecycle,
    location: event.location,
    is_online: Boolean(event.online_event_details),
    images,
    organizer: {
      id: organizer?.id ?? event.organizer_id,
      name: organizer?.name ?? '',
      website: organizer?.website ?? null,
      description: organizer?.description ?? null,
    },
    settings: {
      ...event.settings,
      ...designOf(values),
      continue_button_text: values.continue_button_text.trim() || null,
      continue_button_texts: values.continue_button_texts,
      price_display_mode: values.price_display_mode,
      page_sections: values.page_sections,
      // A pair still being written shows once it has a question.
      faq: values.faq.filter((pair) => pair.question.trim() !== ''),
    },
  };
  return (
    <DesignerPreview
      titleId="design-preview-title"
      aside={
        <Text size="xs" c="dimmed">
          <Trans>Unsaved changes show here at once.</Trans>
        </Text>
      }
    >
      <Box style={{ maxHeight: 'calc(100dvh - 120px)', overflow: 'auto' }}>
        <EventTheme design={designOf(values)} testId="design-preview">
          <Box p={{ base: 'sm', sm: 'lg' }}>
            <EventView
              event={shown}
              preview
              continueLabel={continueLabel}
              tickets={
                <TicketsSection
                  eventId={String(event.id)}
                  timezone={event.timezone}
                  continueLabel={continueLabel}
                  preview={{ mode: values.price_display_mode }}
                  images={shown.images}
                />
              }
            />
          </Box>
        </EventTheme>
      </Box>
    </DesignerPreview>
  );
}

import '@mantine/core/styles/ColorInput.css';
import '@mantine/core/styles/ColorPicker.css';
import '@mantine/core/styles/ColorSwatch.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Grid.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/SimpleGrid.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Box, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import {
  ORGANIZER_COLOR_FIELDS,
  ORGANIZER_DESIGN_DEFAULTS,
  type OrganizerDesign,
  OrganizerDesignPatch,
  type OrganizerImageResponse,
} from '../../../common/organizer-design';
import type { OrganizerResponse } from '../../../common/organizers';
import { apiFieldErrors } from '../../components/api-error';
import { DesignerActions, DesignerPreview } from '../../components/DesignerParts';
import { ErrorAlert } from '../../components/ErrorAlert';
import { firstMessages, focusFirstError, validateWith } from '../../components/form-errors';
import { InlineLoader } from '../../components/InlineLoader';
import { LoadError } from '../../components/LoadError';
import { notify } from '../../components/notify';
import { Section } from '../../components/Section';
import { organizerQuery, useUpdateOrganizer } from './api';
import { useHomepagePreview, useOrganizerImages } from './design-api';
import { OrganizerContrastWarning, OrganizerDesignFields } from './OrganizerDesignFields';
import { OrganizerImageField } from './OrganizerImageField';

/**
 * `/manage/organizer/:organizerId/homepage`: the homepage's colours, font, logo and cover, with
 * the page itself beside the form, written by the server with the values not saved yet.
 */
export function OrganizerDesignPage() {
  const { t } = useLingui();
  const organizerId = Number(useParams().organizerId) || 0;
  const organizer = useQuery(organizerQuery(organizerId));
  const images = useOrganizerImages(organizerId);
  return (
    <Stack gap="lg" py="md">
      <title>{`${t`Homepage design`} · Tessera`}</title>
      <Stack gap={2}>
        <Group gap="md">
          <Anchor component={Link} to={`/manage/organizer/${organizerId}/events`} size="sm">
            <Trans>Back to the organizer's events</Trans>
          </Anchor>
          <Anchor component={Link} to={`/manage/organizer/${organizerId}/settings`} size="sm">
            <Trans>Organizer settings</Trans>
          </Anchor>
        </Group>
        <Title order={1} fz={28}>
          <Trans>Homepage design</Trans>
        </Title>
      </Stack>
      {organizer.isPending || images.isPending ? (
        <InlineLoader />
      ) : organizer.isError || images.isError ? (
        <LoadError
          error={organizer.error ?? images.error}
          title={t`Could not load the design`}
          onRetry={() => {
            void organizer.refetch();
            void images.refetch();
          }}
        />
      ) : (
        <Designer key={organizer.data.id} organizer={organizer.data} images={images.data.data} />
      )}
    </Stack>
  );
}

const validate = validateWith<OrganizerDesign>(OrganizerDesignPatch);
const validColour = (value: string) => /^#[0-9a-f]{6}$/i.test(value.trim());

/** The form's values where valid, else the saved ones: the preview never shows a half-typed colour. */
function shownDesign(values: OrganizerDesign, saved: OrganizerDesign): OrganizerDesign {
  const shown = { ...values };
  for (const field of ORGANIZER_COLOR_FIELDS)
    shown[field] = validColour(values[field]) ? values[field].trim().toLowerCase() : saved[field];
  return shown;
}

function Designer({ organizer, images }: { organizer: OrganizerResponse; images: OrganizerImageResponse[] }) {
  const { t } = useLingui();
  const update = useUpdateOrganizer(organizer.id);
  const form = useForm<OrganizerDesign>({
    mode: 'controlled',
    initialValues: organizer.design,
    validate,
    validateInputOnBlur: true,
  });
  const values = form.getValues();
  const logo = images.find((i) => i.type === 'ORGANIZER_LOGO');
  const cover = images.find((i) => i.type === 'ORGANIZER_COVER');
  const preview = useHomepagePreview(organizer.id, {
    design: shownDesign(values, organizer.design),
    version: images.map((i) => i.id).join(','),
  });

  const submit = form.onSubmit(
    (v) =>
      update.mutate(
        { design: v },
        {
          onSuccess: (saved) => {
            form.setValues(saved.design);
            form.resetDirty(saved.design);
            notify(t`The design has been saved.`);
          },
          onError: (error) => {
            const own = Object.fromEntries(
              Object.entries(apiFieldErrors(error)).map(([field, m]) => [field.replace(/^design\./, ''), m]),
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
        <form onSubmit={submit} noValidate aria-label={t`Design of the homepage`}>
          <Stack gap="lg">
            <ErrorAlert error={update.error} />
            <OrganizerDesignFields
              form={form}
              contrastWarning={<OrganizerContrastWarning values={values} />}
            />
            <DesignerActions
              saving={update.isPending}
              dirty={form.isDirty()}
              onReset={() => {
                form.setValues(ORGANIZER_DESIGN_DEFAULTS);
                form.clearErrors();
              }}
            />
            <Section
              title={t`Logo and cover image`}
              description={t`A new image replaces the old one and is saved at once.`}
            >
              <OrganizerImageField
                organizerId={organizer.id}
                type="ORGANIZER_LOGO"
                image={logo}
                title={t`Logo`}
              />
              <OrganizerImageField
                organizerId={organizer.id}
                type="ORGANIZER_COVER"
                image={cover}
                title={t`Cover image`}
              />
            </Section>
          </Stack>
        </form>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 7 }}>
        <DesignerPreview
          titleId="homepage-preview-title"
          aside={
            organizer.slug ? (
              <Anchor href={`/o/${organizer.slug}`} target="_blank" rel="noopener" size="sm">
                <Trans>Open your homepage</Trans>
              </Anchor>
            ) : (
              <Text size="xs" c="gray.7">
                <Trans>Choose its address in the organizer settings to publish it.</Trans>
              </Text>
            )
          }
        >
          {preview.failed ? (
            <Text role="alert" c="red.8" p="md">
              <Trans>The preview could not be made. Check the fields.</Trans>
            </Text>
          ) : null}
          <Box h="calc(100dvh - 140px)" mih={480}>
            {preview.url ? (
              <iframe
                src={preview.url}
                title={t`Preview of your homepage`}
                data-testid="homepage-preview"
                // Its own origin's styles and images, but no script, form or navigation of the app.
                sandbox="allow-same-origin"
                style={{ width: '100%', height: '100%', border: 0, display: 'block' }}
              />
            ) : (
              <InlineLoader />
            )}
          </Box>
        </DesignerPreview>
      </Grid.Col>
    </Grid>
  );
}

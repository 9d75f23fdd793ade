import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/SimpleGrid.css';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Anchor,
  Button,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { type OrganizerResponse, UpdateOrganizerRequest } from '../../../common/organizers';
import { apiFieldErrors } from '../../components/api-error';
import { ErrorAlert } from '../../components/ErrorAlert';
import { firstMessages, focusFirstError, validateWith } from '../../components/form-errors';
import { InlineLoader } from '../../components/InlineLoader';
import { notify } from '../../components/notify';
import { Section } from '../../components/Section';
import { CurrencySelect, TimezoneSelect } from '../../components/selects';
import { organizerQuery, useUpdateOrganizer } from './api';
import { OrganizerWidgetCard } from './OrganizerWidgetCard';

/** `/manage/organizer/:organizerId/settings`: name, contact, website and defaults of an organizer. */
export function OrganizerSettingsPage() {
  const { t } = useLingui();
  const organizerId = Number(useParams().organizerId) || 0;
  const organizer = useQuery(organizerQuery(organizerId));
  return (
    <Container size="md" py="md" px={0}>
      <title>{`${t`Organizer settings`} · Tessera`}</title>
      <Stack gap="lg">
        <Stack gap={2}>
          <Anchor component={Link} to={`/manage/organizer/${organizerId}/events`} size="sm">
            <Trans>Back to the organizer's events</Trans>
          </Anchor>
          <Title order={1} fz={28}>
            <Trans>Organizer settings</Trans>
          </Title>
        </Stack>
        {organizer.isPending ? (
          <InlineLoader />
        ) : organizer.isError ? (
          <Stack gap="sm">
            <ErrorAlert error={organizer.error} title={t`Could not load the organizer`} />
            <Button variant="default" w="fit-content" onClick={() => organizer.refetch()}>
              <Trans>Try again</Trans>
            </Button>
          </Stack>
        ) : (
          <OrganizerForm organizer={organizer.data} />
        )}
        {organizer.data?.slug ? <OrganizerWidgetCard slug={organizer.data.slug} /> : null}
      </Stack>
    </Container>
  );
}

interface Values {
  name: string;
  email: string;
  description: string;
  website: string;
  slug: string;
  /** One link a line. */
  socialLinks: string;
  currency: string;
  timezone: string;
}

const orNull = (value: string) => (value.trim() === '' ? null : value);
const toRequest = (v: Values): UpdateOrganizerRequest => ({
  name: v.name,
  email: orNull(v.email),
  description: orNull(v.description),
  website: orNull(v.website),
  slug: orNull(v.slug),
  social_links: v.socialLinks
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean),
  currency: v.currency,
  timezone: v.timezone,
});

/** The request's `social_links` (or one of them, `social_links.2`) is the form's `socialLinks`. */
const toFormFields = (errors: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(errors).map(([key, message]) => [
      key.startsWith('social_links') ? 'socialLinks' : key,
      message,
    ]),
  );
const validate = (values: Values) => toFormFields(validateWith(UpdateOrganizerRequest, toRequest)(values));

function OrganizerForm({ organizer }: { organizer: OrganizerResponse }) {
  const { t } = useLingui();
  const update = useUpdateOrganizer(organizer.id);
  const form = useForm<Values>({
    initialValues: {
      name: organizer.name,
      email: organizer.email ?? '',
      description: organizer.description ?? '',
      website: organizer.website ?? '',
      slug: organizer.slug ?? '',
      socialLinks: organizer.social_links.join('\n'),
      currency: organizer.currency,
      timezone: organizer.timezone,
    },
    validate,
  });
  const submit = form.onSubmit(
    (values) =>
      update.mutate(toRequest(values), {
        onSuccess: () => {
          form.resetDirty();
          notify(t`The organizer has been saved.`);
        },
        onError: (error) => form.setErrors(toFormFields(firstMessages(apiFieldErrors(error)))),
      }),
    focusFirstError(form),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <ErrorAlert error={update.error} />
        <Section title={t`Organizer details`} description={t`Shown to buyers on the event pages.`}>
          <TextInput label={t`Name`} required key={form.key('name')} {...form.getInputProps('name')} />
          <TextInput
            label={t`E-mail`}
            description={t`Messages from your homepage's contact form are sent here. The address is never shown on the page.`}
            type="email"
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <TextInput
            label={t`Website`}
            placeholder="https://"
            type="url"
            key={form.key('website')}
            {...form.getInputProps('website')}
          />
          <Textarea
            label={t`Description`}
            autosize
            minRows={3}
            key={form.key('description')}
            {...form.getInputProps('description')}
          />
        </Section>
        <Section
          title={t`Homepage`}
          description={t`Your own page with your upcoming and past events, your links and a contact form.`}
        >
          <TextInput
            label={t`Homepage address`}
            description={t`Letters, digits and hyphens. If you change it, the old address keeps leading to your page.`}
            leftSection={<span aria-hidden="true">/o/</span>}
            leftSectionWidth={36}
            key={form.key('slug')}
            {...form.getInputProps('slug')}
          />
          <Group gap="md">
            <Anchor component={Link} to={`/manage/organizer/${organizer.id}/homepage`} size="sm">
              <Trans>Design your homepage: logo, cover, colours and font</Trans>
            </Anchor>
            {organizer.slug && (
              <Anchor href={`/o/${organizer.slug}`} target="_blank" rel="noopener" size="sm">
                <Trans>Open your homepage</Trans>
              </Anchor>
            )}
          </Group>
          <Textarea
            label={t`Social links`}
            description={t`One address a line, up to 8.`}
            placeholder="https://"
            autosize
            minRows={2}
            key={form.key('socialLinks')}
            {...form.getInputProps('socialLinks')}
          />
        </Section>
        <Section title={t`Defaults`} description={t`New events of this organizer start with these.`}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <CurrencySelect
              label={t`Currency`}
              required
              key={form.key('currency')}
              {...form.getInputProps('currency')}
            />
            <TimezoneSelect
              label={t`Time zone`}
              required
              key={form.key('timezone')}
              {...form.getInputProps('timezone')}
            />
          </SimpleGrid>
        </Section>
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            <Trans>Save settings</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

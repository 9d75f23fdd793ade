import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/ColorInput.css';
import '@mantine/core/styles/ColorPicker.css';
import '@mantine/core/styles/ColorSwatch.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Grid.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, ColorInput, Grid, Group, Paper, Stack, Switch, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { EventResponse } from '../../../common/events';
import { TICKET_DESIGN_LIMITS, type TicketDesign } from '../../../common/ticket-design';
import { apiFieldErrors } from '../../components/api-error';
import { ErrorAlert } from '../../components/ErrorAlert';
import { firstMessages, focusFirstError } from '../../components/form-errors';
import { InlineLoader } from '../../components/InlineLoader';
import { notify } from '../../components/notify';
import { useBlobPreview } from '../../components/use-blob-preview';
import { useEvent, useUpdateEvent } from '../events/api';
import { useEventId } from '../events/EventLayout';
import { TicketQuestionsField } from './TicketQuestionsField';

interface Values {
  show_logo: boolean;
  accent_color: string;
  show_price: boolean;
  show_buyer: boolean;
  free_text: string;
  footer: string;
}

const toValues = (d: TicketDesign, questionIds: number[] = d.question_ids): Values & { q: number[] } => ({
  show_logo: d.show_logo,
  accent_color: d.accent_color ?? '',
  show_price: d.show_price,
  show_buyer: d.show_buyer,
  free_text: d.free_text ?? '',
  footer: d.footer ?? '',
  q: questionIds,
});

const toDesign = (v: Values & { q: number[] }): TicketDesign => ({
  show_logo: v.show_logo,
  accent_color: v.accent_color.trim() || null,
  show_price: v.show_price,
  show_buyer: v.show_buyer,
  question_ids: v.q,
  free_text: v.free_text.trim() || null,
  footer: v.footer.trim() || null,
});

/**
 * `/manage/event/:eventId/ticket-design`: how the event's tickets look (decision 059), with a
 * sample PDF of the design not saved yet beside the form, printed by the server.
 */
export function TicketDesignPage() {
  const { t } = useLingui();
  const eventId = useEventId() ?? 0;
  const event = useEvent(eventId);
  if (event.isPending) return <InlineLoader />;
  if (event.isError) return <ErrorAlert error={event.error} />;
  return (
    <Stack gap="lg">
      <title>{`${t`Ticket design`} · ${event.data.title} · Tessera`}</title>
      <Title order={2} fz="xl">
        <Trans>Ticket design</Trans>
      </Title>
      <Designer key={event.data.id} event={event.data} />
    </Stack>
  );
}

/** The sample PDF of `design`, fetched again half a second after the last change. */
function usePreview(eventId: number, design: TicketDesign, locale: string) {
  return useBlobPreview({
    path: `/events/${eventId}/ticket-design/preview`,
    body: { design, locale },
    delay: 500,
  });
}

function Designer({ event }: { event: EventResponse }) {
  const { t, i18n } = useLingui();
  const update = useUpdateEvent(event.id);
  const form = useForm<Values & { q: number[] }>({
    mode: 'controlled',
    initialValues: toValues(event.settings.ticket_design),
    validate: {
      accent_color: (v) =>
        v.trim() === '' || /^#[0-9a-fA-F]{6}$/.test(v.trim()) ? null : t`Enter a colour such as #1c7ed6.`,
    },
  });
  const design = toDesign(form.getValues());
  const preview = usePreview(event.id, design, i18n.locale);

  const submit = form.onSubmit(
    (v) =>
      update.mutate(
        { settings: { ticket_design: toDesign(v) } },
        {
          onSuccess: (saved) => {
            form.setValues(toValues(saved.settings.ticket_design));
            form.resetDirty(toValues(saved.settings.ticket_design));
            notify(t`The ticket design has been saved.`);
          },
          onError: (error) => {
            const errors = apiFieldErrors(error);
            const own = Object.fromEntries(
              Object.entries(errors).map(([field, messages]) => [
                // The questions' errors name their place in the list; the picker shows them.
                field.replace(/^settings\.ticket_design\./, '').replace(/^question_ids(\.\d+)?$/, 'q'),
                messages,
              ]),
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
        <form onSubmit={submit} noValidate aria-label={t`Ticket design`}>
          <Stack gap="md">
            <ErrorAlert error={update.error} />
            <Switch
              label={t`Show the event's logo`}
              {...form.getInputProps('show_logo', { type: 'checkbox' })}
            />
            <ColorInput
              label={t`Accent colour`}
              description={t`The band at the top of the ticket and the wallet pass. Empty: the event page's primary colour.`}
              placeholder={event.settings.homepage_primary_color}
              format="hex"
              withEyeDropper={false}
              {...form.getInputProps('accent_color')}
            />
            <Switch label={t`Show the price`} {...form.getInputProps('show_price', { type: 'checkbox' })} />
            <Switch
              label={t`Show the buyer's name`}
              {...form.getInputProps('show_buyer', { type: 'checkbox' })}
            />
            <TicketQuestionsField
              eventId={event.id}
              value={form.getValues().q}
              onChange={(ids) => form.setFieldValue('q', ids)}
              error={form.errors.q === undefined ? undefined : String(form.errors.q)}
            />
            <Textarea
              label={t`Free text`}
              description={t`Printed on every ticket, under its details.`}
              autosize
              minRows={3}
              maxLength={TICKET_DESIGN_LIMITS.freeTextMax}
              {...form.getInputProps('free_text')}
            />
            <Textarea
              label={t`Footer`}
              autosize
              minRows={1}
              maxLength={TICKET_DESIGN_LIMITS.footerMax}
              {...form.getInputProps('footer')}
            />
            <Text size="sm" c="gray.7">
              <Trans>
                The QR code keeps its size and margin whatever the design, so that it always scans.
              </Trans>
            </Text>
            <Group gap="sm">
              <Button type="submit" loading={update.isPending}>
                <Trans>Save</Trans>
              </Button>
            </Group>
          </Stack>
        </form>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 7 }}>
        <Paper withBorder radius="lg" p="xs">
          {preview.failed ? (
            <Text role="alert" c="red.8" p="md">
              <Trans>The preview could not be made. Check the fields.</Trans>
            </Text>
          ) : null}
          {preview.url ? (
            <iframe
              src={preview.url}
              title={t`Preview of the PDF ticket`}
              data-testid="ticket-preview"
              style={{ width: '100%', height: 720, border: 0 }}
            />
          ) : (
            <InlineLoader />
          )}
        </Paper>
      </Grid.Col>
    </Grid>
  );
}

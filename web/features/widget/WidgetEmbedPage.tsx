import '@mantine/core/styles/ColorInput.css';
import '@mantine/core/styles/ColorPicker.css';
import '@mantine/core/styles/ColorSwatch.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Combobox.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, ColorInput, Grid, Select, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { LOCALE_NAMES, LOCALES } from '../../../common/i18n/locales';
import { widgetEmbedCode, widgetUrl } from '../../../common/widget';
import { EmbedCode } from '../../components/EmbedCode';
import { ErrorAlert } from '../../components/ErrorAlert';
import { validateWith } from '../../components/form-errors';
import { InlineLoader } from '../../components/InlineLoader';
import { Section } from '../../components/Section';
import { eventDate } from '../checkout/context';
import { useEventDates } from '../event-dates/api';
import { useEvent } from '../events/api';
import { useEventId } from '../events/EventLayout';
import { type EmbedValues, EmbedValuesSchema, embedOptions, initialEmbedValues } from './embed-form';
import { frameHeightOf } from './frame';

/** Colours offered beside the field; any other hex code can be typed. */
const SWATCHES = ['#3b3fb6', '#1971c2', '#0c8599', '#2b8a3e', '#e8590c', '#c2255c', '#212529'];
/** The height of a widget that does not follow its content (as in `/widget.js`). */
const FIXED_HEIGHT = 640;

/** `/manage/event/:eventId/widget`: the embed code with its options, and a live preview. */
export function WidgetEmbedPage() {
  const { t, i18n } = useLingui();
  const eventId = useEventId() ?? 0;
  const event = useEvent(eventId);
  const dates = useEventDates(eventId);
  const form = useForm<EmbedValues>({
    initialValues: initialEmbedValues,
    validate: validateWith(EmbedValuesSchema),
    validateInputOnChange: true,
  });
  if (event.isPending) return <InlineLoader />;
  if (event.isError) return <ErrorAlert error={event.error} title={t`Could not load the event`} />;

  const errors = validateWith<EmbedValues>(EmbedValuesSchema)(form.values);
  const options = embedOptions(form.values, errors);
  const origin = window.location.origin;
  const code = widgetEmbedCode(origin, eventId, options);

  return (
    <Stack gap="lg">
      <title>{`${t`Widget`} · ${event.data.title} · Tessera`}</title>
      <Stack gap={4}>
        <Title order={2} fz="xl">
          <Trans>Widget</Trans>
        </Title>
        <Text size="sm" c="dimmed">
          <Trans>
            Sell tickets on your own website: buyers choose tickets and check out without leaving it.
          </Trans>
        </Text>
      </Stack>
      {event.data.status === 'LIVE' ? null : (
        <Alert color="orange" variant="light" data-testid="widget-not-live">
          <Trans>
            This event is not live yet. Until it is, the widget says the event is not available, in the
            preview as on your website.
          </Trans>
        </Alert>
      )}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <Stack gap="lg">
            <Section title={t`Options`}>
              <ColorInput
                label={t`Primary colour`}
                description={t`Buttons and links. Leave empty for Tessera's colour.`}
                placeholder="#3b3fb6"
                format="hex"
                swatches={SWATCHES}
                withEyeDropper={false}
                key={form.key('primary_color')}
                {...form.getInputProps('primary_color')}
              />
              <TextInput
                label={t`Button text`}
                description={t`Instead of “Get tickets”.`}
                placeholder={t`Get tickets`}
                key={form.key('button_text')}
                {...form.getInputProps('button_text')}
              />
              <Select
                label={t`Language`}
                data={[
                  { value: '', label: t`The buyer's language` },
                  ...LOCALES.map((locale) => ({ value: locale, label: LOCALE_NAMES[locale] })),
                ]}
                allowDeselect={false}
                key={form.key('locale')}
                {...form.getInputProps('locale')}
              />
              {(dates.data?.length ?? 0) > 1 ? (
                <Select
                  label={t`Date`}
                  description={t`Optional: the widget opens on this date; buyers can still choose another.`}
                  data={[
                    { value: '', label: t`The next date on sale` },
                    ...(dates.data ?? [])
                      .filter((date) => date.status !== 'CANCELLED' && date.status !== 'HIDDEN')
                      .map((date) => ({
                        value: String(date.id),
                        label: `${eventDate(date.starts_at, event.data.timezone, i18n.locale)}${date.label ? ` · ${date.label}` : ''}`,
                      })),
                  ]}
                  allowDeselect={false}
                  data-testid="widget-date"
                  key={form.key('date_id')}
                  {...form.getInputProps('date_id')}
                />
              ) : null}
              <Switch
                label={t`Fit the height to the content`}
                description={t`Off: the widget keeps a height of ${FIXED_HEIGHT} pixels and scrolls inside.`}
                key={form.key('auto_resize')}
                {...form.getInputProps('auto_resize', { type: 'checkbox' })}
              />
              <TextInput
                label={t`Affiliate code`}
                description={t`Optional: orders made in this widget are credited to the affiliate with this code. Without it, an affiliate link (?aff=CODE) to the page the widget is on credits its affiliate.`}
                key={form.key('affiliate_code')}
                {...form.getInputProps('affiliate_code')}
              />
            </Section>
            <Section
              title={t`Add it to your website`}
              description={t`Paste this code into your website where the tickets should appear.`}
            >
              <Stack gap="sm">
                <EmbedCode code={code} minRows={3} testId="embed-code" />
              </Stack>
            </Section>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <Section title={t`Preview`} description={t`The real widget, with the options above.`}>
            {/* Without the affiliate code: test orders in the preview credit no affiliate. */}
            <Preview src={widgetUrl(origin, eventId, options)} autoResize={options.autoResize} />
          </Section>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/** The widget page in a frame, reloaded (after a pause in typing) when an option changes. */
function Preview({ src, autoResize }: { src: string; autoResize: boolean }) {
  const { t } = useLingui();
  const [debouncedSrc] = useDebouncedValue(src, 400);
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(480);
  useEffect(() => {
    if (!autoResize) return;
    const onMessage = (event: MessageEvent) => {
      const next = frameHeightOf(event, {
        origin: window.location.origin,
        frame: frame.current?.contentWindow,
      });
      if (next !== null) setHeight(Math.min(next, 20000));
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [autoResize]);
  return (
    <iframe
      ref={frame}
      src={debouncedSrc}
      title={t`Widget preview`}
      data-testid="widget-preview"
      style={{
        display: 'block',
        width: '100%',
        height: autoResize ? height : FIXED_HEIGHT,
        border: '1px dashed var(--mantine-color-gray-5)',
        borderRadius: 'var(--mantine-radius-md)',
      }}
    />
  );
}

import '@mantine/core/styles/ColorInput.css';
import '@mantine/core/styles/ColorPicker.css';
import '@mantine/core/styles/ColorSwatch.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/SimpleGrid.css';
import { useLingui } from '@lingui/react/macro';
import { ColorInput, NumberInput, Select, SimpleGrid, Switch } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { LOCALE_NAMES, LOCALES, type Locale } from '../../../common/i18n/locales';
import { EmbedCode } from '../../components/EmbedCode';
import { Section } from '../../components/Section';
import {
  initialOrganizerEmbed,
  type OrganizerEmbedOptions,
  organizerEmbedCode,
  organizerWidgetUrl,
} from './organizer-embed';

/** The widget page's height message, as `/widget.js` and the ticket widget name it (decision 022). */
const HEIGHT_MESSAGE = 'tessera:widget-height';

/** The height our own preview frame asks for, or null for any other message. */
function previewHeightOf(event: MessageEvent, frame: Window | null | undefined): number | null {
  if (event.origin !== window.location.origin || !frame || event.source !== frame) return null;
  const data: unknown = event.data;
  if (typeof data !== 'object' || data === null) return null;
  const { type, height } = data as { type?: unknown; height?: unknown };
  if (type !== HEIGHT_MESSAGE || typeof height !== 'number' || !Number.isFinite(height) || height <= 0)
    return null;
  return Math.ceil(height);
}

const SWATCHES = ['#3b3fb6', '#1971c2', '#0c8599', '#2b8a3e', '#e8590c', '#c2255c', '#212529'];

/**
 * The organizer settings' card for the widget of its events (decision 062): its options, the
 * code to paste into a website with a copy button, and the real widget as a preview.
 */
export function OrganizerWidgetCard({ slug }: { slug: string }) {
  const { t } = useLingui();
  const [options, setOptions] = useState<OrganizerEmbedOptions>(initialOrganizerEmbed);
  const set = (change: Partial<OrganizerEmbedOptions>) =>
    setOptions((current) => ({ ...current, ...change }));
  const origin = window.location.origin;
  const code = organizerEmbedCode(origin, slug, options);
  return (
    <Section
      title={t`Widget for your website`}
      description={t`Show your upcoming events on your own website. Each event opens its page in a new tab.`}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <NumberInput
          label={t`Number of events`}
          description={t`From 1 to 50.`}
          min={1}
          max={50}
          clampBehavior="strict"
          allowDecimal={false}
          value={options.limit}
          onChange={(value) => set({ limit: typeof value === 'number' ? value : 10 })}
        />
        <Select
          label={t`Layout`}
          data={[
            { value: 'cards', label: t`Cards with pictures` },
            { value: 'compact', label: t`Compact list` },
          ]}
          allowDeselect={false}
          value={options.layout}
          onChange={(value) => set({ layout: value === 'compact' ? 'compact' : 'cards' })}
        />
        <ColorInput
          label={t`Link colour`}
          description={t`Made darker or lighter if needed, so that it stays readable.`}
          placeholder="#0b4f8a"
          format="hex"
          swatches={SWATCHES}
          withEyeDropper={false}
          value={options.primaryColor}
          onChange={(value) => set({ primaryColor: value })}
        />
        <ColorInput
          label={t`Background colour`}
          placeholder="#ffffff"
          format="hex"
          withEyeDropper={false}
          value={options.backgroundColor}
          onChange={(value) => set({ backgroundColor: value })}
        />
        <Select
          label={t`Language`}
          data={[
            { value: '', label: t`The visitor's language` },
            ...LOCALES.map((locale) => ({ value: locale, label: LOCALE_NAMES[locale] })),
          ]}
          allowDeselect={false}
          value={options.locale}
          onChange={(value) => set({ locale: (LOCALES.find((l) => l === value) ?? '') as Locale | '' })}
        />
      </SimpleGrid>
      <Switch
        label={t`Show past events too`}
        checked={options.past}
        onChange={(event) => set({ past: event.currentTarget.checked })}
      />
      <Switch
        label={t`Fit the height to the content`}
        checked={options.autoResize}
        onChange={(event) => set({ autoResize: event.currentTarget.checked })}
      />
      <EmbedCode
        code={code}
        description={t`Paste this code into your website where your events should appear.`}
        minRows={2}
        testId="organizer-embed-code"
      />
      <Preview src={organizerWidgetUrl(origin, slug, options)} />
    </Section>
  );
}

/** The real widget in a frame, following its height; reloaded after a pause in typing. */
function Preview({ src }: { src: string }) {
  const { t } = useLingui();
  const [debouncedSrc] = useDebouncedValue(src, 400);
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(320);
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const next = previewHeightOf(event, frame.current?.contentWindow);
      if (next !== null) setHeight(Math.min(next, 4000));
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);
  return (
    <iframe
      ref={frame}
      src={debouncedSrc}
      title={t`Widget preview`}
      data-testid="organizer-widget-preview"
      style={{
        display: 'block',
        width: '100%',
        height,
        border: '1px dashed var(--mantine-color-gray-5)',
        borderRadius: 'var(--mantine-radius-md)',
      }}
    />
  );
}

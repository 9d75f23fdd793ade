import { Trans, useLingui } from '@lingui/react/macro';
import { Box, Group, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import { whereOf } from '../../../common/where';
import { InTurn } from '../../components/hydrate-in-turns';
import { ClockIcon, MapPinIcon } from '../../components/icons';
import type { PublicEvent } from './api';
import { AboutCard, OrganizerCard, WhereCard } from './EventInfo';
import { ShareButtons } from './ShareButtons';
import { StickyTicketsBar } from './StickyTicketsBar';
import { dateRange, zonesDiffer } from './when';

/**
 * The layout: one column on a phone (tickets right after the title), two columns when the
 * page is wide enough, tickets on the right and kept in view. Container queries, so that the
 * designer's narrower preview lays out as the page would at that width.
 */
const LAYOUT_CSS = `
.event-page{container-type:inline-size}
.event-layout{display:grid;gap:20px;grid-template-columns:minmax(0,1fr)}
.event-layout>*,.event-layout>[data-turn]>*{min-width:0}
.event-tickets{container-type:inline-size}
@container (min-width: 56rem){
.event-layout{grid-template-columns:minmax(0,7fr) minmax(0,5fr);gap:28px;align-items:start}
.event-layout>.event-tickets{grid-column:2;grid-row:1/span 4;position:sticky;top:16px}
}
.event-description{line-height:1.65;overflow-wrap:anywhere}
.event-description>:first-child{margin-top:0}.event-description>:last-child{margin-bottom:0}
.event-description img{max-width:100%;height:auto;border-radius:8px}
.event-description a{color:var(--event-accent)}
.event-cover{display:block;width:100%;height:auto;object-fit:cover;border-radius:20px;max-height:460px;background:var(--event-border)}
`;

/**
 * The public event page's content for one event. The buyer's page and the homepage designer's
 * live preview both render it, the preview with the form's unsaved design.
 */
export function EventView({
  event,
  tickets,
  continueLabel,
  preview = false,
}: {
  event: PublicEvent;
  /** The tickets section (the real one, or the designer's preview of it). */
  tickets: ReactNode;
  continueLabel: string;
  preview?: boolean;
}) {
  const { t } = useLingui();
  const cover = event.images.find((image) => image.type === 'EVENT_COVER');
  const where = whereOf(event);
  return (
    <Stack gap="lg" component="article" className="event-page" aria-label={preview ? event.title : undefined}>
      <style href="event-layout" precedence="default">
        {LAYOUT_CSS}
      </style>
      {preview ? null : (
        <>
          <title>{event.settings.seo_title || event.title}</title>
          {event.settings.seo_description ? (
            <meta name="description" content={event.settings.seo_description} />
          ) : null}
          {event.settings.allow_search_indexing ? null : <meta name="robots" content="noindex" />}
        </>
      )}
      {cover ? (
        <Box
          component="img"
          className="event-cover"
          src={cover.variants.at(-1)?.url ?? cover.url}
          srcSet={cover.variants.map((v) => `${v.url} ${v.width}w`).join(', ') || undefined}
          sizes="(max-width: 1140px) 100vw, 1140px"
          width={cover.width}
          height={cover.height}
          alt={t`Cover image of ${event.title}`}
          data-testid="event-cover"
          fetchPriority="high"
          style={{ aspectRatio: `${cover.width} / ${cover.height}` }}
        />
      ) : null}
      <InTurn name="event-hero">
        <Hero event={event} where={where?.online ? t`Online` : (where?.lines[0] ?? null)} />
      </InTurn>
      <div className="event-layout">
        <div className="event-tickets">{tickets}</div>
        <InTurn name="event-about">
          {event.description ? <AboutCard html={event.description} /> : null}
        </InTurn>
        <InTurn name="event-where">{where ? <WhereCard where={where} /> : null}</InTurn>
        <InTurn name="event-organizer">
          <OrganizerCard event={event} />
        </InTurn>
      </div>
      {preview ? null : (
        <InTurn name="event-sticky-bar">
          <StickyTicketsBar event={event} label={continueLabel} />
        </InTurn>
      )}
    </Stack>
  );
}

/** Title, when (in the event's time zone, and the buyer's when it differs), where, and sharing. */
function Hero({ event, where }: { event: PublicEvent; where: string | null }) {
  const { i18n } = useLingui();
  const zone = event.timezone.replaceAll('_', ' ');
  // The buyer's zone is known only in the browser: read after the first paint.
  const [viewerZone, setViewerZone] = useState<string | null>(null);
  useEffect(() => setViewerZone(Intl.DateTimeFormat().resolvedOptions().timeZone), []);
  const local =
    viewerZone && zonesDiffer(event, event.timezone, viewerZone)
      ? dateRange(event, viewerZone, i18n.locale)
      : null;
  return (
    <Stack gap="sm" component="header">
      <Title order={1} fz={{ base: 28, sm: 40 }} lh={1.15} style={{ overflowWrap: 'anywhere' }}>
        {event.title}
      </Title>
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <Box c="var(--event-accent)" pt={2} style={{ flexShrink: 0 }}>
          <ClockIcon size={20} />
        </Box>
        <Stack gap={2}>
          <Text fw={600} data-testid="event-date">
            {dateRange(event, event.timezone, i18n.locale)}
          </Text>
          <Text size="sm" c="var(--event-page-muted)">
            <Trans>Times are in the {zone} time zone.</Trans>
          </Text>
          {local ? (
            <Text size="sm" c="var(--event-page-muted)" data-testid="event-local-date">
              <Trans>Your time: {local}</Trans>
            </Text>
          ) : null}
        </Stack>
      </Group>
      {where ? (
        <Group gap="xs" wrap="nowrap">
          <Box c="var(--event-accent)" style={{ flexShrink: 0, display: 'flex' }}>
            <MapPinIcon size={20} />
          </Box>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {where}
          </Text>
        </Group>
      ) : null}
      <Box mt={4}>
        <ShareButtons eventId={event.id} title={event.title} path={`/e/${event.id}/${event.slug}`} />
      </Box>
    </Stack>
  );
}

import './event-page.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { type CSSProperties, Fragment, type ReactNode, useEffect, useState } from 'react';
import { type PageSectionId, pageSectionsOf } from '../../../common/page-sections';
import { whereOf } from '../../../common/where';
import { ClockIcon, MapPinIcon } from '../../components/icons';
import { Group, Stack, Text, Title } from '../../ui';
import type { PublicEvent } from './api';
import { AboutCard, OrganizerCard, WhereCard } from './EventInfo';
import { EventLogo } from './EventLogo';
import { DatesCard, FaqCard, GalleryCard } from './MoreSections';
import { ShareButtons } from './ShareButtons';
import { StickyTicketsBar } from './StickyTicketsBar';
import { dateRange, zonesDiffer } from './when';

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
  const ticketsShown = pageSectionsOf(event.settings.page_sections).some(
    (section) => section.id === 'tickets' && section.visible,
  );
  return (
    <Stack as="article" gap="lg" className="event-page" aria-label={preview ? event.title : undefined}>
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
        <img
          className="event-cover"
          src={cover.variants.at(-1)?.url ?? cover.url}
          srcSet={cover.variants.map((v) => `${v.url} ${v.width}w`).join(', ') || undefined}
          sizes="(max-width: 1140px) 100vw, 1140px"
          width={cover.width}
          height={cover.height}
          // biome-ignore lint/a11y/noRedundantAlt: "cover image" says which picture it is (the event's own), translated in every language.
          alt={t`Cover image of ${event.title}`}
          data-testid="event-cover"
          fetchPriority="high"
          style={{ aspectRatio: `${cover.width} / ${cover.height}` }}
        />
      ) : null}
      <Hero event={event} where={where?.online ? t`Online` : (where?.lines[0] ?? null)} />
      <Sections event={event} tickets={tickets} />
      {preview || !ticketsShown ? null : <StickyTicketsBar event={event} label={continueLabel} />}
    </Stack>
  );
}

/**
 * The sections in the organizer's order, hidden ones and empty ones left out (decision 060).
 * On a wide page the tickets stay in their column beside the others, wherever they are in the
 * order; the order is the reading order, and the page's order on a narrow screen.
 */
function Sections({ event, tickets }: { event: PublicEvent; tickets: ReactNode }) {
  const where = whereOf(event);
  const gallery = event.images.filter((image) => image.type === 'EVENT_GALLERY');
  const content: Record<PageSectionId, () => ReactNode> = {
    tickets: () => (
      <div className="event-tickets" key="tickets" data-section="tickets">
        {tickets}
      </div>
    ),
    description: () => (event.description ? <AboutCard html={event.description} /> : null),
    dates: () => <DatesCard event={event} />,
    location: () => (where ? <WhereCard where={where} /> : null),
    organizer: () => <OrganizerCard event={event} />,
    faq: () => (event.settings.faq.length > 0 ? <FaqCard faq={event.settings.faq} /> : null),
    gallery: () => (gallery.length > 0 ? <GalleryCard title={event.title} images={gallery} /> : null),
  };
  const shown = pageSectionsOf(event.settings.page_sections)
    .filter((section) => section.visible)
    .map((section) => ({ id: section.id, node: content[section.id]() }))
    .filter((section) => section.node !== null);
  const others = shown.filter((section) => section.id !== 'tickets').length;
  return (
    <div
      className={others === shown.length ? 'event-layout event-layout-single' : 'event-layout'}
      style={{ '--event-rows': Math.max(1, others) } as CSSProperties}
    >
      {shown.map((section) => (
        <Fragment key={section.id}>{section.node}</Fragment>
      ))}
    </div>
  );
}

/** Title, when (in the event's time zone, and the buyer's when it differs), where, and sharing. */
function Hero({ event, where }: { event: PublicEvent; where: string | null }) {
  const logo = event.images.find((image) => image.type === 'EVENT_LOGO');
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
    <Stack as="header" gap="sm">
      {logo ? <EventLogo logo={logo} title={event.title} /> : null}
      <Title order={1} className="event-title">
        {event.title}
      </Title>
      <Group gap="xs" align="start" nowrap>
        <span className="event-icon">
          <ClockIcon size={20} />
        </span>
        <Stack gap="0">
          <Text weight={600} data-testid="event-date">
            {dateRange(event, event.timezone, i18n.locale)}
          </Text>
          <Text size="sm" className="event-page-muted">
            <Trans>Times are in the {zone} time zone.</Trans>
          </Text>
          {local ? (
            <Text size="sm" className="event-page-muted" data-testid="event-local-date">
              <Trans>Your time: {local}</Trans>
            </Text>
          ) : null}
        </Stack>
      </Group>
      {where ? (
        <Group gap="xs" nowrap>
          <span className="event-icon">
            <MapPinIcon size={20} />
          </span>
          <Text weight={600}>{where}</Text>
        </Group>
      ) : null}
      <ShareButtons eventId={event.id} title={event.title} path={`/e/${event.id}/${event.slug}`} />
    </Stack>
  );
}

import type { I18n } from '@lingui/core';
import type { z } from 'zod';
import {
  type OrganizerDesignPatch,
  organizerDesignOf,
  type PublicOrganizerImage,
} from '../../../common/organizer-design';
import type { PublicOrganizerPage } from '../../../common/organizers';
import type { AuthContext } from '../../http/auth';
import { getOrganizer } from '../organizers/service';
import { organizerPageHtml } from './html';
import { type PageApp, pageOf } from './service';

/**
 * The designer's preview (decision 061): the organizer's page with the design sent merged into
 * the saved one, written by the page's own `html.ts`. It is shown from a `blob:` address, where
 * a path means nothing: the images' addresses are made absolute with the app's public URL.
 */
export async function previewOrganizerPage(
  app: PageApp & { config: { appUrl: string } },
  {
    auth,
    organizerId,
    design,
    i18n,
  }: { auth: AuthContext; organizerId: number; design: z.output<typeof OrganizerDesignPatch>; i18n: I18n },
): Promise<string> {
  const organizer = await getOrganizer(app.db, auth.accountId, organizerId);
  const page = await pageOf(app, { organizer, slug: organizer.slug ?? '' });
  const { appUrl } = app.config;
  const absolute = (url: string) => new URL(url, appUrl).href;
  const image = (shown: PublicOrganizerImage | null) =>
    shown && {
      ...shown,
      url: absolute(shown.url),
      variants: shown.variants.map((v) => ({ ...v, url: absolute(v.url) })),
    };
  const shown: PublicOrganizerPage = {
    ...page,
    design: organizerDesignOf({ ...page.design, ...withoutUndefined(design) }),
    logo: image(page.logo),
    cover: image(page.cover),
    upcoming: page.upcoming.map((ev) => ({ ...ev, cover_url: ev.cover_url && absolute(ev.cover_url) })),
    past: page.past.map((ev) => ({ ...ev, cover_url: ev.cover_url && absolute(ev.cover_url) })),
  };
  return organizerPageHtml(shown, { i18n, appUrl, contact: 'none', preview: true });
}

function withoutUndefined(values: Record<string, string | undefined>) {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
}

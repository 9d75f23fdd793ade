import { htmlToText } from '../text/html-to-text';

/** Escapes text for HTML. Every value that goes into a mail's HTML passes through here. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** An attached image (a ticket's QR code), with what it is and a link under it. */
export interface MailImage {
  cid: string;
  alt: string;
  size: number;
  /** A line under the image (whose ticket it is); also in the plain text. */
  caption?: string;
  link?: { label: string; url: string };
}

/** An event's logo at the top of its mails: an absolute address (APP_URL's), its PNG's size, what it shows. */
export interface MailLogo {
  url: string;
  width: number;
  height: number;
  alt: string;
}

/** The most room the logo takes at the top of a mail, in CSS pixels. */
const MAIL_LOGO_BOX = { width: 240, height: 64 };

/**
 * The top of a mail: the event's logo when it has one (sized, so the mail keeps its layout while
 * the image loads or when images are off, and with its alt text), else Tessera's name.
 */
export function mailHeader(logo: MailLogo | null | undefined): string {
  if (!logo) return '<p style="margin:0 0 24px;font-weight:700;font-size:18px;color:#1e1b4b">Tessera</p>';
  const scale = Math.min(1, MAIL_LOGO_BOX.width / logo.width, MAIL_LOGO_BOX.height / logo.height);
  const width = Math.max(1, Math.round(logo.width * scale));
  const height = Math.max(1, Math.round(logo.height * scale));
  return `<p style="margin:0 0 24px"><img src="${escapeHtml(logo.url)}" alt="${escapeHtml(logo.alt)}" width="${width}" height="${height}" style="display:block;border:0;max-width:100%;height:auto"></p>`;
}

export interface MailContent {
  /** Shown above the message, in the language of the mail. */
  heading: string;
  /** A list of lines is one paragraph with a line break after each (an order's price breakdown). */
  paragraphs: (string | string[])[];
  /** The organizer's own opening (sanitized HTML, decision 055), before the paragraphs. */
  introHtml?: string | null;
  /** The organizer's own footer (sanitized HTML), after the paragraphs. */
  footerHtml?: string | null;
  action?: { label: string; url: string };
  /** A list of links after the paragraphs, each with a line under it (a lookup's orders). */
  links?: MailLink[];
  /** Attached images shown after the paragraphs (tickets' QR codes), by content id. */
  images?: MailImage[];
  /** Small print under the action (why you got this mail, expiry). */
  footnote?: string;
  /** A small link at the very end: where to find the tickets again (decision 056). */
  helpLink?: { label: string; url: string };
  /** The event's logo, at the top instead of Tessera's name. */
  logo?: MailLogo | null;
  lang: string;
}

export interface MailLink {
  label: string;
  url: string;
  detail?: string;
}

function renderLinks(links: MailLink[] | undefined): string {
  if (!links?.length) return '';
  const items = links.map(
    (link) =>
      `<li style="margin:0 0 12px"><a href="${escapeHtml(link.url)}" style="color:#3b3fb6;font-weight:600">${escapeHtml(link.label)}</a>${link.detail ? `<br><span style="font-size:14px;color:#4b5563">${escapeHtml(link.detail)}</span>` : ''}</li>`,
  );
  return `<ul style="margin:0 0 16px;padding-left:20px;font-size:16px;line-height:24px;color:#1f2937">${items.join('')}</ul>`;
}

function renderImage(image: MailImage): string {
  const picture = `<img src="cid:${escapeHtml(image.cid)}" alt="${escapeHtml(image.alt)}" width="${image.size}" height="${image.size}" style="display:inline-block">`;
  const under = [
    ...(image.caption ? [escapeHtml(image.caption)] : []),
    ...(image.link
      ? [`<a href="${escapeHtml(image.link.url)}" style="color:#3b3fb6">${escapeHtml(image.link.label)}</a>`]
      : []),
  ];
  const caption = under.length
    ? `<br><span style="font-size:14px;line-height:22px;color:#1f2937">${under.join('<br>')}</span>`
    : '';
  return `<p style="margin:8px 0 16px;text-align:center">${picture}${caption}</p>`;
}

/** What an image says in the plain-text part: its caption and link, if it has them. */
function imageText(image: MailImage): string[] {
  const lines = [
    ...(image.caption ? [image.caption] : []),
    ...(image.link ? [`${image.link.label}: ${image.link.url}`] : []),
  ];
  return lines.length ? [lines.join('\n'), ''] : [];
}

/** One simple layout for every mail: HTML with inline styles, and the same words as plain text. */
export function renderLayout(content: MailContent): { html: string; text: string } {
  const paragraphs = content.paragraphs
    .map(
      (p) =>
        `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:#1f2937">${[p].flat().map(escapeHtml).join('<br>')}</p>`,
    )
    .join('');
  const own = (html: string | null | undefined) =>
    html ? `<div style="margin:0 0 16px;font-size:16px;line-height:24px;color:#1f2937">${html}</div>` : '';
  const image = (content.images ?? []).map(renderImage).join('');
  const action = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="display:inline-block;background:#3b3fb6;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:8px">${escapeHtml(content.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;line-height:20px;color:#4b5563;word-break:break-all">${escapeHtml(content.action.url)}</p>`
    : '';
  const footnote = content.footnote
    ? `<p style="margin:24px 0 0;font-size:13px;line-height:20px;color:#4b5563">${escapeHtml(content.footnote)}</p>`
    : '';
  const help = content.helpLink;
  const helpLink = help
    ? `<p style="margin:16px 0 0;font-size:13px;line-height:20px"><a href="${escapeHtml(help.url)}" style="color:#3b3fb6">${escapeHtml(help.label)}</a></p>`
    : '';
  const html = `<!doctype html><html lang="${escapeHtml(content.lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(content.heading)}</title></head>
<body style="margin:0;padding:24px;background:#f3f4f6;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
${mailHeader(content.logo)}
<h1 style="margin:0 0 16px;font-size:22px;line-height:30px;color:#111827">${escapeHtml(content.heading)}</h1>
${own(content.introHtml)}${paragraphs}${renderLinks(content.links)}${own(content.footerHtml)}${image}${action}${footnote}${helpLink}
</div></body></html>`;
  const text = [
    content.heading,
    '',
    ...(content.introHtml ? [htmlToText(content.introHtml), ''] : []),
    ...content.paragraphs.flatMap((p) => [[p].flat().join('\n'), '']),
    ...(content.links ?? []).flatMap((l) => [[l.label, l.detail, l.url].filter(Boolean).join('\n'), '']),
    ...(content.footerHtml ? [htmlToText(content.footerHtml), ''] : []),
    ...(content.images ?? []).flatMap(imageText),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    ...(content.footnote ? [content.footnote] : []),
    ...(content.helpLink ? ['', `${content.helpLink.label}: ${content.helpLink.url}`] : []),
  ]
    .join('\n')
    .trim();
  return { html, text: `${text}\n` };
}

/** A mail whose heading is its subject: the shape of nearly every mail Tessera sends. */
export function headedMail(
  subject: string,
  content: Omit<MailContent, 'heading'>,
): { subject: string; html: string; text: string } {
  return { subject, ...renderLayout({ ...content, heading: subject }) };
}

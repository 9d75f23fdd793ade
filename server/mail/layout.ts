/** Escapes text for HTML. Every value that goes into a mail's HTML passes through here. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export interface MailContent {
  /** Shown above the message, in the language of the mail. */
  heading: string;
  /** A list of lines is one paragraph with a line break after each (an order's price breakdown). */
  paragraphs: (string | string[])[];
  action?: { label: string; url: string };
  /** An attached image shown after the paragraphs (a ticket's QR code), by content id. */
  image?: { cid: string; alt: string; size: number };
  /** Small print under the action (why you got this mail, expiry). */
  footnote?: string;
  lang: string;
}

/** One simple layout for every mail: HTML with inline styles, and the same words as plain text. */
export function renderLayout(content: MailContent): { html: string; text: string } {
  const paragraphs = content.paragraphs
    .map(
      (p) =>
        `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:#1f2937">${[p].flat().map(escapeHtml).join('<br>')}</p>`,
    )
    .join('');
  const image = content.image
    ? `<p style="margin:8px 0 16px;text-align:center"><img src="cid:${escapeHtml(content.image.cid)}" alt="${escapeHtml(content.image.alt)}" width="${content.image.size}" height="${content.image.size}" style="display:inline-block"></p>`
    : '';
  const action = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="display:inline-block;background:#3b3fb6;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:8px">${escapeHtml(content.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;line-height:20px;color:#4b5563;word-break:break-all">${escapeHtml(content.action.url)}</p>`
    : '';
  const footnote = content.footnote
    ? `<p style="margin:24px 0 0;font-size:13px;line-height:20px;color:#4b5563">${escapeHtml(content.footnote)}</p>`
    : '';
  const html = `<!doctype html><html lang="${escapeHtml(content.lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(content.heading)}</title></head>
<body style="margin:0;padding:24px;background:#f3f4f6;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<p style="margin:0 0 24px;font-weight:700;font-size:18px;color:#1e1b4b">Tessera</p>
<h1 style="margin:0 0 16px;font-size:22px;line-height:30px;color:#111827">${escapeHtml(content.heading)}</h1>
${paragraphs}${image}${action}${footnote}
</div></body></html>`;
  const text = [
    content.heading,
    '',
    ...content.paragraphs.flatMap((p) => [[p].flat().join('\n'), '']),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    ...(content.footnote ? [content.footnote] : []),
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

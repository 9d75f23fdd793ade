import { FONT_STACKS, type OrganizerDesign, organizerDesignOf } from '../../../common/organizer-design';

/**
 * The homepage's styles, in the page itself: it needs no other file before its first paint.
 * Its colours are the organizer's design (decision 061), as custom properties set by
 * `designCss`; the fixed ones (badges, notices) meet WCAG AA on their own backgrounds.
 */
export const PAGE_CSS = `
*{box-sizing:border-box}
body{margin:0;font-family:var(--font);color:var(--text);background:var(--page);line-height:1.5}
.wrap{max-width:960px;margin:0 auto;padding:0 16px}
.hero{background:var(--primary);color:var(--card)}
.hero-cover{display:block;width:100%;height:auto;aspect-ratio:3/1;max-height:380px;object-fit:cover}
.head{display:flex;gap:20px;align-items:center;padding-top:28px;padding-bottom:24px}
.head>div{min-width:0}
.logo{flex:none;display:block;height:88px;width:auto;max-width:min(240px,40vw);object-fit:contain;background:var(--card);padding:8px;border-radius:12px}
.hero h1{margin:0 0 8px;font-size:2.1rem;line-height:1.2;overflow-wrap:anywhere}
.hero p{margin:0 0 8px;max-width:70ch}
.links{display:flex;flex-wrap:wrap;gap:8px 16px;margin-top:12px}
.links a{color:var(--card);text-decoration:underline}
main h2{font-size:1.35rem;margin:28px 0 12px}
.events{list-style:none;margin:0;padding:0;display:grid;gap:16px;grid-template-columns:repeat(auto-fill,minmax(260px,1fr))}
.event{background:var(--card);border:1px solid rgba(127,127,127,.35);border-radius:10px;overflow:hidden;display:flex;flex-direction:column}
.event .cover{width:100%;height:auto;aspect-ratio:2/1;object-fit:cover;display:block}
.event .body{padding:12px 16px 16px}
.event h3{margin:0 0 4px;font-size:1.1rem}
.event h3 a{color:var(--link)}
.when,.facts{margin:4px 0}
.badge{display:inline-block;border-radius:999px;padding:0 10px;font-size:.85rem;font-weight:600;margin-left:4px}
.on_sale{background:#dff3e4;color:#14532d}
.sold_out{background:#fde2e1;color:#7f1d1d}
.not_on_sale{background:#e8eaed;color:#30363d}
.past .event{opacity:.9}
.contact{background:var(--card);border:1px solid rgba(127,127,127,.35);border-radius:10px;padding:16px;margin:28px 0}
.contact h2{margin-top:0}
.contact form{display:grid;gap:12px;max-width:560px}
.contact label{display:grid;gap:4px;font-weight:600}
.contact input,.contact textarea{font:inherit;padding:8px 10px;border:1px solid #8a939d;border-radius:6px;width:100%;background:#fff;color:#1f2328}
.contact button{justify-self:start;font:inherit;font-weight:600;padding:10px 18px;border:0;border-radius:6px;background:var(--primary);color:var(--card);cursor:pointer}
.contact button:disabled{cursor:not-allowed}
.contact button:focus-visible,a:focus-visible,input:focus-visible,textarea:focus-visible{outline:3px solid #f0b429;outline-offset:2px}
.trap{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}
.notice{background:#dff3e4;color:#14532d;padding:12px;border-radius:6px}
.problem{background:#fde2e1;color:#7f1d1d;padding:12px;border-radius:6px}
footer{padding:24px 16px 40px}
footer a{color:var(--text)}
@media (max-width:480px){.hero h1{font-size:1.6rem}.hero-cover{aspect-ratio:2/1}.head{flex-direction:column;align-items:flex-start;gap:12px}.logo{height:64px;max-width:70vw}}
`;

/**
 * The design's custom properties. Safe to write into the page as they are: the colours are
 * `#rrggbb` (`organizerDesignOf` keeps nothing else) and the font one of `FONT_STACKS`.
 */
export function designCss(given: OrganizerDesign): string {
  const design = organizerDesignOf(given);
  return `:root{--page:${design.background_color};--card:${design.content_background_color};--primary:${design.primary_color};--link:${design.secondary_color};--text:${design.text_color};--font:${FONT_STACKS[design.font]}}`;
}

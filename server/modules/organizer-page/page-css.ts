/**
 * The homepage's styles, in the page itself: it needs no other file before its first paint.
 * Colours meet WCAG AA contrast on their backgrounds.
 */
export const PAGE_CSS = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2328;background:#f6f7f9;line-height:1.5}
.wrap{max-width:960px;margin:0 auto;padding:0 16px}
.hero{background:#1c3d5a;color:#fff;padding:32px 0 24px}
.hero h1{margin:0 0 8px;font-size:2rem;line-height:1.2}
.hero p{margin:0 0 8px;max-width:70ch}
.links{display:flex;flex-wrap:wrap;gap:8px 16px;margin-top:12px}
.links a{color:#fff;text-decoration:underline}
main h2{font-size:1.35rem;margin:28px 0 12px}
.events{list-style:none;margin:0;padding:0;display:grid;gap:16px;grid-template-columns:repeat(auto-fill,minmax(260px,1fr))}
.event{background:#fff;border:1px solid #d8dde3;border-radius:8px;overflow:hidden;display:flex;flex-direction:column}
.event .cover{width:100%;height:auto;aspect-ratio:2/1;object-fit:cover;display:block}
.event .body{padding:12px 16px 16px}
.event h3{margin:0 0 4px;font-size:1.1rem}
.event h3 a{color:#0b4f8a}
.when,.facts{margin:4px 0;color:#3d444d}
.badge{display:inline-block;border-radius:999px;padding:0 10px;font-size:.85rem;font-weight:600;margin-left:4px}
.on_sale{background:#dff3e4;color:#14532d}
.sold_out{background:#fde2e1;color:#7f1d1d}
.not_on_sale{background:#e8eaed;color:#30363d}
.past .event{opacity:.9}
.contact{background:#fff;border:1px solid #d8dde3;border-radius:8px;padding:16px;margin:28px 0}
.contact h2{margin-top:0}
.contact form{display:grid;gap:12px;max-width:560px}
.contact label{display:grid;gap:4px;font-weight:600}
.contact input,.contact textarea{font:inherit;padding:8px 10px;border:1px solid #8a939d;border-radius:6px;width:100%}
.contact button{justify-self:start;font:inherit;font-weight:600;padding:10px 18px;border:0;border-radius:6px;background:#0b4f8a;color:#fff;cursor:pointer}
.contact button:focus-visible,a:focus-visible,input:focus-visible,textarea:focus-visible{outline:3px solid #f0b429;outline-offset:2px}
.trap{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}
.notice{background:#dff3e4;color:#14532d;padding:12px;border-radius:6px}
.problem{background:#fde2e1;color:#7f1d1d;padding:12px;border-radius:6px}
footer{padding:24px 16px 40px;color:#3d444d}
footer a{color:#3d444d}
@media (max-width:480px){.hero h1{font-size:1.6rem}}
`;

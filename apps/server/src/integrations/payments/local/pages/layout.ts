import { brand } from '@stillpoint/core';
import { html, SafeHtml } from './html';

// One stylesheet inline in each page: the server's CSP allows inline styles but no inline script,
// and these pages need none. Colours are the web app's (apps/web/src/styles.css).
const STYLES = `
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;min-height:100vh;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;
  color:#1c2628;background:#faf8f4;-webkit-font-smoothing:antialiased}
a{color:#0f5f5c}
a:hover{color:#0a4644}
:focus-visible{outline:3px solid #0f5f5c;outline-offset:2px}
.top{display:flex;align-items:center;justify-content:space-between;gap:1rem;max-width:64rem;margin:0 auto;
  padding:1rem 1.25rem}
.brand{font-weight:700;font-size:1.1rem;letter-spacing:-.01em;color:#1c2628;text-decoration:none}
.badge{display:inline-flex;align-items:center;gap:.35rem;margin:0;padding:.2rem .7rem;border-radius:999px;
  background:#fff1c2;color:#5c4300;font-size:.8rem;font-weight:700;letter-spacing:.02em;text-transform:uppercase;
  border:1px solid #e8cf7a}
main{max-width:64rem;margin:0 auto;padding:0 1.25rem 3rem}
.narrow{max-width:34rem}
h1{margin:.25rem 0 .5rem;font-size:1.5rem;line-height:1.25;letter-spacing:-.01em}
h2{margin:0 0 .75rem;font-size:1.1rem;line-height:1.3}
h3{margin:0 0 .5rem;font-size:1rem}
p{margin:.4rem 0}
.muted{color:#55656a;font-size:.925rem}
.card{background:#fff;border:1px solid #e3dfd6;border-radius:1rem;padding:1.25rem;margin:0 0 1rem}
.grid{display:grid;gap:1rem}
.grid>.card{margin:0}
@media (min-width:52rem){.grid{grid-template-columns:minmax(0,1fr) minmax(0,1fr);align-items:start;gap:2.5rem}
  .summary{position:sticky;top:1rem}}
.summary .amount{margin:.25rem 0;font-size:2rem;font-weight:700;letter-spacing:-.02em;line-height:1.2}
.summary .trial{font-size:1.35rem;color:#0a4644}
.summary .due-today{margin:.25rem 0;font-weight:600;color:#1c2628}
dl{display:grid;grid-template-columns:auto 1fr;gap:.35rem 0;margin:1rem 0 0}
dt{color:#55656a}
dd{margin:0;padding-left:1rem;text-align:right;font-variant-numeric:tabular-nums}
dl.plain dd{text-align:left}
dl>div{display:contents}
.total dt,.total dd{font-weight:700;color:#1c2628;border-top:1px solid #e3dfd6;padding-top:.5rem}
label{display:block;margin:1rem 0 .3rem;font-weight:600}
.hint-text{margin:.1rem 0 .35rem;color:#55656a;font-size:.875rem}
input{display:block;width:100%;min-height:2.9rem;padding:.55rem .8rem;border:1px solid #8a9598;border-radius:.6rem;
  font:inherit;color:inherit;background:#fff}
input::placeholder{color:#66726f}
input[aria-invalid=true]{border-color:#a4262c;box-shadow:0 0 0 1px #a4262c}
.row{display:grid;grid-template-columns:1fr 1fr;gap:.75rem}
.error{margin:.35rem 0 0;color:#a4262c;font-size:.9rem;font-weight:500}
.alert{margin:0 0 1rem;padding:.8rem 1rem;border-radius:.75rem;background:#fbeaea;border:1px solid #e4b3b5;color:#7d1c21}
.notice{margin:0 0 1rem;padding:.8rem 1rem;border-radius:.75rem;background:#e2efec;border:1px solid #b9d6d0;color:#0a4644}
.note{margin:.75rem 0 0;padding:.7rem .9rem;border-radius:.75rem;background:#e2efec;color:#0a4644;font-size:.925rem}
button,.button{display:inline-flex;align-items:center;justify-content:center;min-height:2.9rem;padding:.6rem 1.2rem;
  border-radius:999px;font:inherit;font-weight:600;cursor:pointer;text-decoration:none;text-align:center}
.primary{width:100%;margin-top:1.25rem;border:0;background:#0f5f5c;color:#fff}
.primary:hover{background:#0a4644;color:#fff}
.primary-inline{border:0;background:#0f5f5c;color:#fff}
.primary-inline:hover{background:#0a4644;color:#fff}
.secondary{border:1px solid #0f5f5c;background:#fff;color:#0f5f5c}
.secondary:hover{background:#e2efec}
.danger{border:1px solid #a4262c;background:#fff;color:#a4262c}
.danger:hover{background:#fbeaea}
.actions{display:flex;flex-wrap:wrap;gap:.75rem;margin-top:1rem}
.actions form{margin:0}
.stack{display:grid;gap:.75rem;margin-top:1.25rem}
.stack button{width:100%}
.cancel{display:block;margin:1rem 0 0;text-align:center}
.test-cards{margin:1.25rem 0 0;padding:1rem;border:1px dashed #d9c27a;border-radius:.75rem;background:#fffaf0;font-size:.9rem}
.test-cards h2{font-size:.95rem;margin:0 0 .4rem}
.test-cards ul{margin:.25rem 0 .5rem;padding-left:1.1rem}
.test-cards code{font:600 .9rem ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;white-space:nowrap}
.status{display:inline-block;margin:0 0 .5rem;padding:.1rem .6rem;border-radius:999px;font-size:.8rem;font-weight:700}
.status-good{background:#e2efec;color:#0a4644}
.status-warn{background:#fff1c2;color:#5c4300}
.status-bad{background:#fbeaea;color:#7d1c21}
.status-off{background:#eeece7;color:#44524f}
.plan-head{display:flex;flex-wrap:wrap;align-items:baseline;justify-content:space-between;gap:.25rem 1rem}
.clock{border-style:dashed;border-color:#d9c27a;background:#fffaf0}
.clock form{margin:.6rem 0}
.return{margin-top:1.5rem}
@media (max-width:30rem){h1{font-size:1.3rem}.summary .amount{font-size:1.7rem}.card{padding:1rem}}
`;

/** A constant, with no interpolated text, so it goes in as it is. */
const STYLESHEET = new SafeHtml(STYLES);

/** Every local payment page: the brand, the test-mode badge, and nothing that runs script. */
export function page(title: string, main: SafeHtml, options: { narrow?: boolean } = {}): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="referrer" content="no-referrer">
<title>${title} · ${brand.name} (test mode)</title>
<style>${STYLESHEET}</style>
</head>
<body>
<header class="top${options.narrow ? html` narrow` : ''}">
<span class="brand">${brand.name}</span>
<p class="badge">Test mode</p>
</header>
<main${options.narrow ? html` class="narrow"` : ''}>
${main}
</main>
</body>
</html>`.value;
}

/** A page that only says something: an expired link, a finished checkout. */
export function messagePage(input: {
  title: string;
  heading: string;
  text: string;
  link: { href: string; label: string };
}) {
  return page(
    input.title,
    html`<h1>${input.heading}</h1>
<div class="card">
<p>${input.text}</p>
<p><a class="button secondary" href="${input.link.href}">${input.link.label}</a></p>
</div>`,
    { narrow: true },
  );
}

import { brand } from '@stillpoint/core';
import type { DevIdp } from '../identity-providers/stand-in-clients';
import { presetIdentities } from './accounts';

const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page title and heading: nobody should mistake this page for the real provider. */
export const pageHeading = (idp: DevIdp): string =>
  `${brand.name} development sign-in — ${idp.label} (test identity)`;

// Inline styles only and no script at all: the server's CSP (script-src 'self') stays as it is.
const STYLES = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2328;background:#f4f1ea}
main{max-width:34rem;margin:0 auto;padding:1.5rem 1rem 3rem}
.badge{display:inline-block;margin:0 0 .75rem;padding:.15rem .6rem;border-radius:999px;background:#fff3c4;
  color:#6b4e00;font-size:.8rem;font-weight:700;letter-spacing:.02em;text-transform:uppercase}
h1{margin:0 0 .5rem;font-size:1.45rem;line-height:1.25}
h2{margin:1.75rem 0 .75rem;font-size:1.05rem}
p{margin:.5rem 0}
.muted{color:#57606a;font-size:.925rem}
.card{margin-top:1.25rem;padding:1.25rem;border:1px solid #d8d2c4;border-radius:1rem;background:#fff}
.card h2{margin-top:0}
ul{margin:0;padding:0;list-style:none;display:grid;gap:.6rem}
form{margin:0}
button{font:inherit;cursor:pointer}
.identity{display:flex;width:100%;min-height:3rem;flex-direction:column;align-items:flex-start;padding:.6rem 1rem;
  border:1px solid #d0d7de;border-radius:.75rem;background:#fff;color:inherit;text-align:left}
.identity:hover{border-color:var(--accent)}
.identity .email{color:#57606a;font-size:.9rem;overflow-wrap:anywhere}
label{display:block;margin:.9rem 0 .3rem;font-weight:600}
input{width:100%;min-height:2.75rem;padding:.5rem .75rem;border:1px solid #8c959f;border-radius:.6rem;font:inherit}
input[aria-invalid=true]{border-color:#cf222e}
.error{margin:.3rem 0 0;color:#a40e26;font-size:.9rem}
.primary{width:100%;min-height:2.75rem;margin-top:1.1rem;border:0;border-radius:999px;background:var(--accent);
  color:#fff;font-weight:600}
.cancel{min-height:2.75rem;padding:0 .25rem;border:0;background:none;color:#0b57d0;text-decoration:underline}
:focus-visible{outline:3px solid #0b57d0;outline-offset:2px}
`;

const accentFor = (idp: DevIdp) => (idp.name === 'google' ? '#1a73e8' : '#111111');

function layout(idp: DevIdp, title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLES}:root{--accent:${accentFor(idp)}}</style>
</head>
<body>
<main>
<p class="badge">Development only</p>
${body}
</main>
</body>
</html>`;
}

export interface InteractionPageInput {
  idp: DevIdp;
  /** Where the forms post: approve, and approve + '/abort' to cancel. */
  action: string;
  values?: { name: string; email: string };
  errors?: { name?: string; email?: string };
}

/** The page the person sees instead of Google's or Apple's sign-in: pick or type a test identity. */
export function renderInteractionPage({ idp, action, values, errors = {} }: InteractionPageInput): string {
  const heading = pageHeading(idp);
  const presets = presetIdentities[idp.name]
    .map(
      (identity) => `<li><form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="name" value="${escapeHtml(identity.name)}">
<input type="hidden" name="email" value="${escapeHtml(identity.email)}">
<button type="submit" class="identity" aria-label="Continue as ${escapeHtml(identity.name)}, ${escapeHtml(identity.email)}">
<span>Continue as <strong>${escapeHtml(identity.name)}</strong></span>
<span class="email">${escapeHtml(identity.email)}</span>
</button>
</form></li>`,
    )
    .join('\n');
  const field = (
    id: 'name' | 'email',
    label: string,
    type: string,
    autocomplete: string,
    required: boolean,
  ) => {
    const error = errors[id];
    const describedBy = error ? ` aria-describedby="${id}-error" aria-invalid="true"` : '';
    const autofocus = error && (id === 'email' || !errors.email) ? ' autofocus' : '';
    return `<label for="${id}">${label}</label>
<input id="${id}" name="${id}" type="${type}" autocomplete="${autocomplete}" maxlength="${id === 'email' ? 254 : 100}"
 value="${escapeHtml(values?.[id] ?? '')}"${required ? ' required' : ''}${describedBy}${autofocus}>
${error ? `<p class="error" id="${id}-error">${escapeHtml(error)}</p>` : ''}`;
  };

  return layout(
    idp,
    heading,
    `<h1>${escapeHtml(heading)}</h1>
<p>${escapeHtml(brand.name)} is asking to sign you in with ${idp.label}. This test page stands in for ${idp.label}
 while ${escapeHtml(brand.name)} runs outside production: no real ${idp.label} account is used.</p>
<p class="muted">${escapeHtml(brand.name)} will receive the name and e-mail address you choose.
 The same e-mail always signs in to the same account.</p>
<section class="card" aria-labelledby="presets-heading">
<h2 id="presets-heading">Pick a test identity</h2>
<ul>
${presets}
</ul>
</section>
<section class="card" aria-labelledby="custom-heading">
<h2 id="custom-heading">Or type one</h2>
<form method="post" action="${escapeHtml(action)}" novalidate>
${field('name', 'Name', 'text', 'name', false)}
${field('email', 'E-mail', 'email', 'email', true)}
<button type="submit" class="primary">Approve and continue</button>
</form>
</section>
<form method="post" action="${escapeHtml(`${action}/abort`)}">
<p><button type="submit" class="cancel">Cancel and go back to ${escapeHtml(brand.name)}</button></p>
</form>`,
  );
}

/** Errors (an expired interaction, a bad request from a client) as a page a person can read. */
export function renderErrorPage(idp: DevIdp, message: string): string {
  const heading = pageHeading(idp);
  return layout(
    idp,
    heading,
    `<h1>${escapeHtml(heading)}</h1>
<div class="card" role="alert">
<h2>This sign-in cannot continue</h2>
<p>${escapeHtml(message)}</p>
<p class="muted">Close this window and start again from ${escapeHtml(brand.name)}.</p>
</div>`,
  );
}

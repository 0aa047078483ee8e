/**
 * The sign-in page of `GET /oauth/authorize`: one plain form, readable without JavaScript or
 * external resources, labelled for screen readers, with errors announced (`role="alert"`) and tied
 * to the fields they are about.
 */
import { createHash } from 'node:crypto';

const STYLE = `
:root { color-scheme: light dark; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
body { margin: 0; display: grid; min-height: 100vh; place-items: center; background: Canvas; color: CanvasText; }
main { width: min(24rem, calc(100vw - 2rem)); padding: 2rem 0; }
h1 { font-size: 1.5rem; margin: 0 0 .5rem; }
p { line-height: 1.45; }
label { display: block; font-weight: 600; margin: 1rem 0 .25rem; }
input, button { font: inherit; }
input { box-sizing: border-box; width: 100%; padding: .6rem; font-size: 1rem; border: 1px solid GrayText; border-radius: .35rem; }
input:focus-visible, button:focus-visible { outline: 3px solid Highlight; outline-offset: 2px; }
button { margin-top: 1.5rem; width: 100%; padding: .7rem; font-size: 1rem; font-weight: 600; border: 0; border-radius: .35rem; background: #1d4ed8; color: #fff; cursor: pointer; }
.error { border-left: 4px solid #b91c1c; padding: .5rem .75rem; background: color-mix(in srgb, #b91c1c 12%, Canvas); }
.small { font-size: .875rem; color: color-mix(in srgb, CanvasText 72%, Canvas); }
.hint { font-size: .875rem; margin: .25rem 0 0; }
a { color: LinkText; }
`;

/** Headers of every page here: nothing from elsewhere, no framing (clickjacking), no caching, no referrer. */
export const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'; base-uri 'none'; frame-ancestors 'none'`,
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
} as const;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text for HTML content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** A whole page around `body`: the shared style, no scripts, nothing from elsewhere. */
export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Till</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

export interface SignInPageInput {
  clientName: string;
  environment: 'sandbox' | 'production';
  /** The authorization request's parameters, sent back with the form. */
  hidden: Record<string, string>;
  email?: string;
  error?: string;
  /** Where the sign-up form of the same authorization request is, when sign-up is offered. */
  signUpHref?: string;
  /** The "Forgot password?" form of the same authorization request. */
  forgotHref?: string;
  /** Good news to show above the form (a password just changed). */
  notice?: string;
}

export function signInPage(input: SignInPageInput): string {
  const hidden = Object.entries(input.hidden)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');
  const describedBy = input.error === undefined ? '' : ' aria-describedby="sign-in-error" aria-invalid="true"';
  // Back after a refusal with the e-mail kept, the field to fill in is the password.
  const focusPassword = (input.email ?? '') !== '';
  const environment = input.environment === 'sandbox' ? 'sandbox (test) data' : 'live data';
  return page(
    'Sign in',
    `<h1>Sign in to Till</h1>
<p><strong>${escapeHtml(input.clientName)}</strong> asks to act for you on your shop's ${environment}.</p>
${input.notice === undefined ? '' : `<p role="status">${escapeHtml(input.notice)}</p>`}
${input.error === undefined ? '' : `<p class="error" id="sign-in-error" role="alert">${escapeHtml(input.error)}</p>`}
<form method="post" action="authorize">
${hidden}
<label for="email">E-mail</label>
<input id="email" name="email" type="email" autocomplete="username" required${focusPassword ? '' : ' autofocus'}${describedBy} value="${escapeHtml(input.email ?? '')}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${focusPassword ? ' autofocus' : ''}${describedBy}>
<button type="submit">Sign in</button>
</form>
${input.forgotHref === undefined ? '' : `<p><a href="${escapeHtml(input.forgotHref)}">Forgot password?</a></p>`}
${input.signUpHref === undefined ? '' : `<p>New to Till? <a href="${escapeHtml(input.signUpHref)}">Create an account</a></p>`}
<p class="small">Signing in sends ${escapeHtml(input.clientName)} back a code it exchanges for an access token. Your password is never shared with it.</p>`,
  );
}

/** A request that cannot be sent back to the app (unknown client, unregistered redirect URI): said here instead. */
export function errorPage(title: string, message: string): string {
  return page(title, `<h1>${escapeHtml(title)}</h1>\n<p role="alert">${escapeHtml(message)}</p>\n<p class="small">Close this page and start the sign-in again from the app. If it keeps happening, tell the app's developer.</p>`);
}

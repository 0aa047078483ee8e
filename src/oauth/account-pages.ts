/**
 * The pages of account mail, built like the sign-in page (one plain form, labelled, errors
 * announced, no scripts, nothing from elsewhere): "check your inbox", the confirmation of a verified
 * sign-up, "Forgot password?", and the form that sets a new password (after a reset link, or at the
 * first sign-in with a temporary password).
 */
import { MIN_PASSWORD_LENGTH, MAX_EMAIL_LENGTH } from '../auth/users.js';
import { escapeHtml, page } from './sign-in-page.js';

function hiddenFields(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');
}

function alert(id: string, message: string | undefined): string {
  return message === undefined ? '' : `<p class="error" id="${id}" role="alert">${escapeHtml(message)}</p>`;
}

/** The same page whether or not the address is known, so that it tells no one which addresses have an account. */
export function checkInboxPage(input: { heading: string; message: string; backHref?: string; backText?: string }): string {
  return page(
    'Check your inbox',
    `<h1>${escapeHtml(input.heading)}</h1>
<p role="status">${escapeHtml(input.message)}</p>
<p class="small">No mail after a few minutes? Look in your spam folder, and check the address you typed.</p>
${input.backHref === undefined ? '' : `<p><a href="${escapeHtml(input.backHref)}">${escapeHtml(input.backText ?? 'Back to sign-in')}</a></p>`}`,
  );
}

/** The page of a verification link: nothing happens until the button is pressed, so a mail scanner that opens links uses nothing up. */
export function confirmSignUpPage(input: { token: string; email: string; businessName: string }): string {
  return page(
    'Confirm your account',
    `<h1>Confirm your Till account</h1>
<p>Open the shop <strong>${escapeHtml(input.businessName)}</strong> with you, <strong>${escapeHtml(input.email)}</strong>, as its admin.</p>
<form method="post" action="sign-up">
${hiddenFields({ token: input.token })}
<button type="submit">Create my account</button>
</form>`,
  );
}

export function forgotPasswordPage(input: { hidden: Record<string, string>; signInHref: string | undefined; email?: string; error?: string }): string {
  const describedBy = input.error === undefined ? '' : ' aria-describedby="forgot-error" aria-invalid="true"';
  return page(
    'Forgot your password',
    `<h1>Forgot your password?</h1>
<p>Enter the e-mail you sign in with. If it has an account, we send it a link to choose a new password.</p>
${alert('forgot-error', input.error)}
<form method="post" action="forgot-password">
${hiddenFields(input.hidden)}
<label for="email">E-mail</label>
<input id="email" name="email" type="email" autocomplete="username" required maxlength="${MAX_EMAIL_LENGTH}" autofocus${describedBy} value="${escapeHtml(input.email ?? '')}">
<button type="submit">Send the link</button>
</form>
${input.signInHref === undefined ? '' : `<p><a href="${escapeHtml(input.signInHref)}">Back to sign-in</a></p>`}`,
  );
}

export function newPasswordPage(input: { token: string; email: string; purpose: 'reset' | 'temporary'; error?: string }): string {
  const describedBy = input.error === undefined ? ' aria-describedby="password-hint"' : ' aria-describedby="password-error password-hint" aria-invalid="true"';
  const intro =
    input.purpose === 'temporary'
      ? 'Your password was chosen by someone else, so choose your own before you go on. It signs you out everywhere else.'
      : 'Choose a new password. It signs you out everywhere.';
  return page(
    'Choose a new password',
    `<h1>Choose a new password</h1>
<p>${escapeHtml(intro)}</p>
${alert('password-error', input.error)}
<form method="post" action="reset-password">
${hiddenFields({ token: input.token })}
<input type="hidden" name="username" value="${escapeHtml(input.email)}" autocomplete="username">
<label for="password">New password</label>
<input id="password" name="password" type="password" autocomplete="new-password" required minlength="${MIN_PASSWORD_LENGTH}" autofocus${describedBy}>
<p class="hint small" id="password-hint">At least ${MIN_PASSWORD_LENGTH} characters.</p>
<label for="password_confirmation">New password again</label>
<input id="password_confirmation" name="password_confirmation" type="password" autocomplete="new-password" required minlength="${MIN_PASSWORD_LENGTH}">
<button type="submit">Set the password</button>
</form>`,
  );
}

export function passwordChangedPage(): string {
  return page(
    'Password changed',
    `<h1>Your password is changed</h1>
<p role="status">You were signed out everywhere. Sign in again with your new password from your app.</p>`,
  );
}

/** A mailed link that cannot be used (unknown, used, expired), or an account that exists already. */
export function linkRefusedPage(input: { title: string; message: string; href?: string; hrefText?: string }): string {
  return page(
    input.title,
    `<h1>${escapeHtml(input.title)}</h1>
<p role="alert">${escapeHtml(input.message)}</p>
${input.href === undefined ? '' : `<p><a href="${escapeHtml(input.href)}">${escapeHtml(input.hrefText ?? 'Go on')}</a></p>`}`,
  );
}

/**
 * The sign-up page of `GET /oauth/authorize?prompt=create` (OpenID Connect "Initiating User
 * Registration"): a new merchant and its first user, an admin, in one plain form built like the
 * sign-in page (labels, errors announced and tied to the field at fault, no scripts, nothing from
 * elsewhere). Values typed are kept after a refusal, except the password.
 */
import { MIN_PASSWORD_LENGTH } from '../auth/users.js';
import { escapeHtml, page } from './sign-in-page.js';

export type SignUpField = 'business_name' | 'currency' | 'email' | 'password';

export interface SignUpPageInput {
  clientName: string;
  environment: 'sandbox' | 'production';
  /** The authorization request's parameters (with `prompt=create`), sent back with the form. */
  hidden: Record<string, string>;
  /** The sign-in form of the same authorization request. */
  signInHref: string;
  values?: Partial<Record<Exclude<SignUpField, 'password'>, string>>;
  error?: { message: string; field?: SignUpField };
}

const ERROR_ID = 'sign-up-error';

export function signUpPage(input: SignUpPageInput): string {
  const hidden = Object.entries(input.hidden)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');
  const values = input.values ?? {};
  const faulty = input.error?.field;
  const focus = faulty ?? 'business_name';
  /** `aria-describedby`, `aria-invalid` and `autofocus` of a field: the error goes with the field at fault. */
  const state = (field: SignUpField, hint?: string) => {
    const describedBy = [field === faulty ? ERROR_ID : undefined, hint].filter((id) => id !== undefined);
    return (
      (describedBy.length > 0 ? ` aria-describedby="${describedBy.join(' ')}"` : '') +
      (field === faulty ? ' aria-invalid="true"' : '') +
      (field === focus ? ' autofocus' : '')
    );
  };
  const environment = input.environment === 'sandbox' ? 'sandbox (test) data' : 'live data';
  return page(
    'Create an account',
    `<h1>Create your Till account</h1>
<p>A new shop, with you as its admin. <strong>${escapeHtml(input.clientName)}</strong> is then signed in to its ${environment}.</p>
${input.error === undefined ? '' : `<p class="error" id="${ERROR_ID}" role="alert">${escapeHtml(input.error.message)}</p>`}
<form method="post" action="authorize">
${hidden}
<label for="business_name">Business name</label>
<input id="business_name" name="business_name" type="text" autocomplete="organization" required maxlength="200"${state('business_name')} value="${escapeHtml(values.business_name ?? '')}">
<label for="currency">Currency</label>
<input id="currency" name="currency" type="text" autocomplete="off" autocapitalize="characters" spellcheck="false" required minlength="3" maxlength="3"${state('currency', 'currency-hint')} value="${escapeHtml(values.currency ?? 'USD')}">
<p class="hint small" id="currency-hint">The ISO 4217 code of the money you sell in, such as USD, EUR or GBP. Every price and order uses it.</p>
<label for="email">E-mail</label>
<input id="email" name="email" type="email" autocomplete="username" required${state('email')} value="${escapeHtml(values.email ?? '')}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="new-password" required minlength="${MIN_PASSWORD_LENGTH}"${state('password', 'password-hint')}>
<p class="hint small" id="password-hint">At least ${MIN_PASSWORD_LENGTH} characters.</p>
<button type="submit">Create account</button>
</form>
<p>Already have an account? <a href="${escapeHtml(input.signInHref)}">Sign in</a></p>`,
  );
}

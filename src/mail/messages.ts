/**
 * The words of Till's account mail, in one place. Plain text: every mail client shows it, and every
 * link is written out in full.
 */
import type { MailMessage } from './mailer.js';

/** A link carrying a one-time token: the link, and the token with the table holding its hash. */
export interface TokenLink {
  link: string;
  token: string;
}

export function signUpVerification(to: string, businessName: string, { link, token }: TokenLink): MailMessage {
  return {
    to,
    subject: 'Confirm your e-mail to open your Till account',
    text: [
      `Someone, hopefully you, asked to open a Till account for "${businessName}" with this e-mail.`,
      '',
      'Open this link to confirm your e-mail and create the account:',
      link,
      '',
      'The link works once, within 24 hours. If you did not ask for this, ignore this mail: nothing is created.',
    ].join('\n'),
    links: [link],
    token: { table: 'sign_up_requests', value: token },
  };
}

/** Sent instead of a verification when the address already has an account, so the owner learns of the attempt. */
export function signUpAlreadyRegistered(to: string): MailMessage {
  return {
    to,
    subject: 'You already have a Till account',
    text: [
      'Someone, hopefully you, asked to open a new Till account with this e-mail, but an account with this e-mail already exists, so nothing was created.',
      '',
      'Sign in with it instead. If you forgot your password, choose "Forgot password?" on the sign-in page.',
      'If you did not ask for this, ignore this mail.',
    ].join('\n'),
    links: [],
  };
}

export function passwordReset(to: string, { link, token }: TokenLink, merchantId: string): MailMessage {
  return {
    to,
    subject: 'Reset your Till password',
    text: [
      'Someone, hopefully you, asked to reset the password of your Till account.',
      '',
      'Open this link to choose a new password:',
      link,
      '',
      'The link works once, within 1 hour. Choosing a new password signs you out everywhere.',
      'If you did not ask for this, ignore this mail: your password stays as it is.',
    ].join('\n'),
    links: [link],
    merchantId,
    token: { table: 'password_tokens', value: token },
  };
}

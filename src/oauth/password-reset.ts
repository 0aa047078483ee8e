/**
 * "Forgot password?": `GET/POST /oauth/forgot-password` mail a reset link (the same answer whatever
 * the address); `GET/POST /oauth/reset-password` set the new password with it, or with the token of
 * a first sign-in with a temporary password.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { throttledHeaders } from '../auth/sign-in-limits.js';
import { emailProblem, MAX_EMAIL_LENGTH, passwordProblem } from '../auth/users.js';
import { checkPasswordToken, setPasswordWithToken, startPasswordReset } from '../auth/password-tokens.js';
import { passwordReset } from '../mail/messages.js';
import {
  checkInboxPage,
  forgotPasswordPage,
  linkRefusedPage,
  newPasswordPage,
  passwordChangedPage,
} from './account-pages.js';
import { asSentence } from '../errors.js';
import { clientAddress } from '../http/client-address.js';
import { signInPage } from './sign-in-page.js';
import {
  checkAuthorizeRequest,
  describeWait,
  forgotHref,
  formOf,
  HIDE,
  LINK_REFUSALS,
  OPEN,
  resume,
  sendPage,
  signInFields,
  signInHref,
  signUpLink,
  single,
  tokenOf,
  type OAuthContext,
} from './oauth-flow.js';

export function passwordResetRoutes(app: FastifyInstance, ctx: OAuthContext): void {
  const { originOf, issuer } = ctx;
  const { db, sessions, signInLimits: limits, mailer } = ctx.services;
  // "Forgot password?": the same answer whatever the address; a known one gets a link valid 1 hour.
  app.get('/oauth/forgot-password', { schema: HIDE, config: OPEN }, async (request, reply) => {
    const hidden = await requestToKeep(request, request.query);
    return sendPage(reply, 200, forgotPasswordPage({ hidden, signInHref: hidden.client_id === undefined ? undefined : signInHref(hidden) }));
  });

  app.post('/oauth/forgot-password', { schema: HIDE, config: OPEN }, async (request, reply) => {
    const form = formOf(request);
    const hidden = await requestToKeep(request, form);
    const signIn = hidden.client_id === undefined ? undefined : signInHref(hidden);
    const email = single(form.email)?.trim() ?? '';
    const again = (status: number, error: string) => sendPage(reply, status, forgotPasswordPage({ hidden, signInHref: signIn, email: email.slice(0, MAX_EMAIL_LENGTH), error }));
    const throttled = await limits.request(clientAddress(request));
    if (throttled !== undefined) {
      reply.headers(throttledHeaders(throttled));
      return again(429, `Too many attempts from your address. Wait ${describeWait(throttled)} and try again.`);
    }
    if (email === '') return again(400, 'Enter your e-mail.');
    const refused = emailProblem(email.toLowerCase(), email.length > MAX_EMAIL_LENGTH ? `${email.slice(0, 40)}...` : email);
    if (refused !== undefined) return again(400, asSentence(refused));
    const authorizeRequest = hidden.client_id === undefined ? undefined : { ...hidden, origin: originOf(request) ?? '' };
    mailer.later('sending the password-reset mail failed', async () => {
      const started = await startPasswordReset(db, sessions.clock, { email, ...(authorizeRequest === undefined ? {} : { authorizeRequest }) });
      if (started !== undefined) await mailer.send(passwordReset(started.email, { link: `${issuer()}/oauth/reset-password?token=${started.token}`, token: started.token }, started.merchantId));
    });
    return sendPage(
      reply,
      200,
      checkInboxPage({
        heading: 'Check your inbox',
        message: `If ${email} has a Till account, we sent it a link to choose a new password. The link works once, within 1 hour; asking again within 5 minutes sends no other, so use the one on its way.`,
        ...(signIn === undefined ? {} : { backHref: signIn }),
      }),
    );
  });

  // The form that sets a password with a one-time token: a reset link, or the first sign-in with a temporary password.
  app.get('/oauth/reset-password', { schema: HIDE, config: OPEN }, async (request, reply) => {
    const token = tokenOf(request.query);
    const checked = await checkPasswordToken(db, sessions.clock, token);
    if (!checked.ok) return sendPage(reply, 400, resetRefusedPage(checked.reason));
    return sendPage(reply, 200, newPasswordPage({ token, email: checked.email, purpose: checked.purpose }));
  });

  app.post('/oauth/reset-password', { schema: HIDE, config: OPEN }, async (request, reply) => {
    const form = formOf(request);
    const token = tokenOf(form);
    const throttled = await limits.request(clientAddress(request));
    if (throttled !== undefined) {
      reply.headers(throttledHeaders(throttled));
      return sendPage(reply, 429, linkRefusedPage({ title: 'Too many attempts', message: `Too many attempts from your address. Wait ${describeWait(throttled)} and try again.` }));
    }
    const checked = await checkPasswordToken(db, sessions.clock, token);
    if (!checked.ok) return sendPage(reply, 400, resetRefusedPage(checked.reason));
    const password = single(form.password) ?? '';
    const again = (error: string) => sendPage(reply, 400, newPasswordPage({ token, email: checked.email, purpose: checked.purpose, error }));
    if (password === '') return again('Choose a password.');
    const refused = passwordProblem(password);
    if (refused !== undefined) return again(asSentence(refused));
    if ((single(form.password_confirmation) ?? '') !== password) return again('The two passwords are not the same. Type the new password twice.');
    const set = await setPasswordWithToken(db, sessions.clock, token, password);
    if (!set.ok) return sendPage(reply, 400, resetRefusedPage(set.reason));
    if (set.purpose === 'temporary' && set.authorizeRequest !== undefined) return resume(ctx, reply, set.authorizeRequest, set.userId);
    if (set.authorizeRequest !== undefined) {
      const { origin, ...params } = set.authorizeRequest;
      const again = await checkAuthorizeRequest(db, issuer(), params, origin === '' ? undefined : origin);
      if (again.ok) {
        const { client, environment, hidden } = again.request;
        const notice = 'Your password is changed, and you were signed out everywhere. Sign in with your new password.';
        return sendPage(reply, 200, signInPage({ clientName: client.name, environment, hidden, email: set.email, notice, ...signUpLink(ctx, hidden), forgotHref: forgotHref(hidden) }));
      }
    }
    return sendPage(reply, 200, passwordChangedPage());
  });

  function resetRefusedPage(reason: keyof typeof LINK_REFUSALS): string {
    return linkRefusedPage({ title: 'Link not valid', message: `${LINK_REFUSALS[reason]} Ask for a new one with "Forgot password?" on the sign-in page.` });
  }

  /** The authorization request's parameters of a "Forgot password?" page, if they make a valid request (else none). */
  async function requestToKeep(request: FastifyRequest, raw: unknown): Promise<Record<string, string>> {
    const checked = await checkAuthorizeRequest(db, issuer(), raw, originOf(request));
    return checked.ok ? signInFields(checked.request.hidden) : {};
  }

}

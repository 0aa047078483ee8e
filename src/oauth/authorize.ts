/**
 * The sign-in form: `GET /oauth/authorize` shows it (or the sign-up form, with `prompt=create`);
 * `POST /oauth/authorize` checks the password and sends the browser back to the app with a code.
 */
import type { FastifyInstance } from 'fastify';
import { emailAccount, throttledHeaders } from '../auth/sign-in-limits.js';
import { checkPassword } from '../auth/users.js';
import { createPasswordToken } from '../auth/password-tokens.js';
import { newPasswordPage } from './account-pages.js';
import { clientAddress } from '../http/client-address.js';
import { errorPage, signInPage } from './sign-in-page.js';
import { signUpPage } from './sign-up-page.js';
import {
  answerUnchecked,
  backToApp,
  checkAuthorizeRequest,
  describeWait,
  forgotHref,
  formOf,
  FORM_FIELDS,
  HIDE,
  lengthProblem,
  OPEN,
  parametersProblem,
  sendPage,
  sentFromAnotherSite,
  signInFields,
  signInHref,
  signUpLink,
  single,
  storedRequest,
  type OAuthContext,
} from './oauth-flow.js';
import { signUpFromForm } from './sign-up.js';

export function authorizeRoutes(app: FastifyInstance, ctx: OAuthContext): void {
  const { originOf, issuer } = ctx;
  const { db, sessions, signInLimits: limits } = ctx.services;
  app.get('/oauth/authorize', { schema: HIDE, config: OPEN }, async (request, reply) => {
    const unreadable = parametersProblem(request.query);
    if (unreadable !== undefined) return sendPage(reply, 400, errorPage('Sign-in link not valid', unreadable));
    const checked = await checkAuthorizeRequest(db, issuer(), request.query, originOf(request));
    if (!checked.ok) return answerUnchecked(reply, checked);
    const { client, environment, hidden } = checked.request;
    if (hidden.prompt === 'create' && ctx.signUpEnabled) {
      return sendPage(reply, 200, signUpPage({ clientName: client.name, environment, hidden, signInHref: signInHref(hidden) }));
    }
    return sendPage(reply, 200, signInPage({ clientName: client.name, environment, hidden: signInFields(hidden), ...signUpLink(ctx, hidden), forgotHref: forgotHref(hidden) }));
  });

  app.post('/oauth/authorize', { schema: HIDE, config: OPEN }, async (request, reply) => {
    // A sign-in or sign-up posted from another site's page (login CSRF: the victim's browser signed
    // in to the attacker's account, or a script creating shops) is refused before anything is read.
    if (sentFromAnotherSite(request, originOf(request))) {
      return sendPage(reply, 403, errorPage('Form sent from another site', 'Till takes its sign-in and sign-up forms only from its own pages. Start the sign-in again from the app.'));
    }
    const form = formOf(request);
    const unreadable = parametersProblem(form, FORM_FIELDS);
    if (unreadable !== undefined) return sendPage(reply, 400, errorPage('Form not valid', unreadable));
    const checked = await checkAuthorizeRequest(db, issuer(), form, originOf(request));
    if (!checked.ok) return answerUnchecked(reply, checked);
    const authorize = checked.request;
    if (authorize.hidden.prompt === 'create') return signUpFromForm(ctx, request, reply, form, authorize);
    const again = (status: number, error: string, email?: string) =>
      sendPage(
        reply,
        status,
        signInPage({
          clientName: authorize.client.name,
          environment: authorize.environment,
          hidden: authorize.hidden,
          error,
          ...(email === undefined ? {} : { email }),
          ...signUpLink(ctx, authorize.hidden),
          forgotHref: forgotHref(authorize.hidden),
        }),
      );

    const email = single(form.email)?.trim() ?? '';
    const password = single(form.password) ?? '';
    // Lengths first, before anything looks the e-mail up; an oversized one is not shown back.
    const tooLong = lengthProblem(email, password);
    if (tooLong !== undefined) return again(400, tooLong.message, tooLong.field === 'email' ? '' : email);
    const address = clientAddress(request);
    const throttled = (await limits.request(address)) ?? (email === '' ? undefined : await limits.signInWait(emailAccount(email), address));
    if (throttled !== undefined) {
      reply.headers(throttledHeaders(throttled));
      return again(429, `Too many sign-in attempts. Wait ${describeWait(throttled)} and try again.`, email);
    }
    if (email === '' || password === '') return again(400, 'Enter your e-mail and your password.', email);
    const user = await checkPassword(db, email, password);
    if (user === undefined) {
      await limits.failed(emailAccount(email), address);
      // The same words for an unknown e-mail and a wrong password, so the form does not tell which e-mails exist.
      return again(401, 'That e-mail and password do not match an account. Check them and try again.', email);
    }
    await limits.succeeded(emailAccount(email), address);
    if (user.mustChangePassword) {
      // Someone else chose this password: no code until the user has chosen their own.
      const token = await createPasswordToken(db, sessions.clock, { userId: user.id, purpose: 'temporary', authorizeRequest: storedRequest(ctx, request, authorize.hidden) });
      return sendPage(reply, 200, newPasswordPage({ token, email: user.email, purpose: 'temporary' }));
    }
    return backToApp(ctx, reply, authorize, user.id);
  });

}

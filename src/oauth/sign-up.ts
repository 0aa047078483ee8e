/**
 * Sign-up: the form of `prompt=create` posted to `/oauth/authorize` mails a link; `GET /oauth/sign-up`
 * (the link) asks to confirm, and `POST /oauth/sign-up` creates the merchant and its admin, who is
 * then signed in as after a sign-in.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { throttledHeaders } from '../auth/sign-in-limits.js';
import { emailProblem, passwordProblem } from '../auth/users.js';
import { completeSignUp, pendingSignUp, startSignUp } from '../auth/sign-ups.js';
import { signUpAlreadyRegistered, signUpVerification } from '../mail/messages.js';
import { checkInboxPage, confirmSignUpPage, linkRefusedPage } from './account-pages.js';
import { asSentence } from '../errors.js';
import { clientAddress } from '../http/client-address.js';
import { errorPage } from './sign-in-page.js';
import { signUpPage, type SignUpField } from './sign-up-page.js';
import { currencyCode } from '../merchants/currencies.js';
import {
  describeWait,
  formOf,
  HIDE,
  lengthProblem,
  LINK_REFUSALS,
  MAX_BUSINESS_NAME_LENGTH,
  OPEN,
  resume,
  sendPage,
  signInHref,
  single,
  storedRequest,
  tokenOf,
  type AuthorizeRequest,
  type OAuthContext,
  type Parameters,
} from './oauth-flow.js';

/**
 * `POST /oauth/authorize` with `prompt=create`: creates the merchant and its admin, then continues
 * exactly as a sign-in. Every attempt counts against the per-address limit of the sign-in form.
 */
export async function signUpFromForm(ctx: OAuthContext, request: FastifyRequest, reply: FastifyReply, form: Parameters, authorize: AuthorizeRequest) {
  const { issuer } = ctx;
  const { db, sessions, signInLimits: limits, mailer } = ctx.services;
  if (!ctx.signUpEnabled) {
    return sendPage(reply, 403, errorPage('Sign-up is turned off', 'This Till server does not take new accounts. Sign in with an existing account, or ask the operator of this server for one.'));
  }
  const values = {
    business_name: single(form.business_name)?.trim() ?? '',
    currency: (single(form.currency) ?? '').trim().toUpperCase(),
    email: single(form.email)?.trim() ?? '',
  };
  const password = single(form.password) ?? '';
  // Lengths first, before any pattern sees a value; an oversized value is not shown back.
  const tooLong = lengthProblem(values.email, password);
  const longName = values.business_name.length > MAX_BUSINESS_NAME_LENGTH;
  if (tooLong?.field === 'email') values.email = '';
  if (longName) values.business_name = '';
  const again = (status: number, message: string, field?: SignUpField) =>
    sendPage(
      reply,
      status,
      signUpPage({
        clientName: authorize.client.name,
        environment: authorize.environment,
        hidden: authorize.hidden,
        signInHref: signInHref(authorize.hidden),
        values,
        error: field === undefined ? { message } : { message, field },
      }),
    );

  const throttled = await limits.request(clientAddress(request));
  if (throttled !== undefined) {
    reply.headers(throttledHeaders(throttled));
    return again(429, `Too many attempts from your address. Wait ${describeWait(throttled)} and try again.`);
  }
  if (tooLong !== undefined) return again(400, tooLong.message, tooLong.field);
  if (longName) return again(400, `The business name must be at most ${MAX_BUSINESS_NAME_LENGTH} characters.`, 'business_name');
  if (values.business_name === '') return again(400, 'Enter the name of your business.', 'business_name');
  if (values.business_name.length > MAX_BUSINESS_NAME_LENGTH) return again(400, `The business name must be at most ${MAX_BUSINESS_NAME_LENGTH} characters.`, 'business_name');
  if (currencyCode(values.currency) === undefined) {
    return again(400, `"${values.currency}" is not an ISO 4217 currency code. Enter a code such as USD, EUR or GBP.`, 'currency');
  }
  if (values.email === '') return again(400, 'Enter your e-mail.', 'email');
  const emailRefused = emailProblem(values.email.toLowerCase(), values.email);
  if (emailRefused !== undefined) return again(400, asSentence(emailRefused), 'email');
  if (password === '') return again(400, 'Choose a password.', 'password');
  const passwordRefused = passwordProblem(password);
  if (passwordRefused !== undefined) return again(400, asSentence(passwordRefused), 'password');
  // The same answer whether or not the address has an account; what differs is only the mail, sent after answering.
  const authorizeRequest = storedRequest(ctx, request, authorize.hidden);
  mailer.later('sending the sign-up mail failed', async () => {
    const started = await startSignUp(db, sessions.clock, { email: values.email, businessName: values.business_name, currency: values.currency, password, authorizeRequest });
    const to = values.email.toLowerCase();
    await mailer.send(started.registered ? signUpAlreadyRegistered(to) : signUpVerification(to, values.business_name, { link: `${issuer()}/oauth/sign-up?token=${started.token}`, token: started.token }));
  });
  return sendPage(
    reply,
    200,
    checkInboxPage({
      heading: 'Check your inbox',
      message: `We sent a link to ${values.email}. Open it within 24 hours to confirm your e-mail and create your account.`,
      backHref: signInHref(authorize.hidden),
    }),
  );
}


export function signUpRoutes(app: FastifyInstance, ctx: OAuthContext): void {
  const { db, sessions, signInLimits: limits } = ctx.services;
  // The verification link of a sign-up: a page that asks to confirm (GET changes nothing), then the POST that creates the account.
  app.get('/oauth/sign-up', { schema: HIDE, config: OPEN }, async (request, reply) => {
    const token = tokenOf(request.query);
    const pending = await pendingSignUp(db, sessions.clock, token);
    if (!pending.ok) return sendPage(reply, 400, linkRefusedPage({ title: 'Link not valid', message: `${LINK_REFUSALS[pending.reason]} Sign up again from your app to get a new one.` }));
    return sendPage(reply, 200, confirmSignUpPage({ token, email: pending.email, businessName: pending.businessName }));
  });

  app.post('/oauth/sign-up', { schema: HIDE, config: OPEN }, async (request, reply) => {
    const throttled = await limits.request(clientAddress(request));
    if (throttled !== undefined) {
      reply.headers(throttledHeaders(throttled));
      return sendPage(reply, 429, linkRefusedPage({ title: 'Too many attempts', message: `Too many attempts from your address. Wait ${describeWait(throttled)} and try again.` }));
    }
    const completed = await completeSignUp(db, sessions.clock, tokenOf(formOf(request)));
    if (completed.ok) return resume(ctx, reply, completed.authorizeRequest, completed.userId);
    if (completed.reason === 'taken') {
      const { origin: _origin, ...params } = completed.authorizeRequest;
      return sendPage(
        reply,
        409,
        linkRefusedPage({
          title: 'You already have an account',
          message: 'An account with this e-mail already exists, so no new one was created. Sign in with it instead; "Forgot password?" sends a link if you need one.',
          href: `authorize?${new URLSearchParams(params)}`,
          hrefText: 'Sign in',
        }),
      );
    }
    return sendPage(reply, 400, linkRefusedPage({ title: 'Link not valid', message: `${LINK_REFUSALS[completed.reason]} Sign up again from your app to get a new one.` }));
  });

}

/**
 * The Team API (`/v1/users`): an admin lists the merchant's users, adds one with a role and an
 * initial password, changes a role, signs a user out everywhere, removes a user. Kept for a signed-in admin: an API key of any
 * permissions, a manager or a cashier get 403.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AUTH_ERRORS, errorResponses, IDEMPOTENCY_ERRORS } from '../http/schemas.js';
import { addTeamUser } from './add-team-user.js';
import { changeUserRole } from './change-user-role.js';
import { listTeamUsers } from './list-team-users.js';
import { removeTeamUser } from './remove-team-user.js';
import { CreateUserBody, ListUsersQuery, SignOutUserBody, UpdateUserBody, User, UserIdParams, UserList } from './schemas.js';
import { signOutTeamUser } from './sign-out-team-user.js';

const tags = ['Team'];
const config = { credentials: ['user'], role: 'admin' } as const;

export const teamRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/v1/users', {
    config,
    schema: {
      tags,
      operationId: 'listUsers',
      summary: 'List users',
      description: "The merchant's users, newest first, paginated like every list. Removed users are not listed.",
      querystring: ListUsersQuery,
      response: { 200: UserList, ...errorResponses(...AUTH_ERRORS) },
    },
    handler: (request) => listTeamUsers(request.services, request.principal, request.query),
  });

  app.post('/v1/users', {
    config: { ...config, secretFields: ['password'] },
    schema: {
      tags,
      operationId: 'createUser',
      summary: 'Add a user',
      description:
        'Adds a person to the team with a `role` and an initial `password` (at least 10 characters) that the admin gives them; they sign in with it through `/oauth/authorize`. ' +
        'The password is temporary: at their first sign-in the person must choose their own (typed twice) before the app gets a code, so the admin does not know it for good. ' +
        'An e-mail that any user already has (of this or another merchant, removed users included) is 400 `parameter_invalid` with `param: "email"`; ' +
        'a short password has `param: "password"`. ' +
        'With `Idempotency-Key`, only the answer (the user, which never holds the password) and a hash of the request without the password are kept; ' +
        'so a retry with the same key and e-mail replays the first answer whatever password it sends, and the first password stands.',
      body: CreateUserBody,
      response: { 201: User, ...errorResponses(...AUTH_ERRORS, ...IDEMPOTENCY_ERRORS, 'parameter_missing') },
    },
    handler: async (request, reply) => {
      const user = await addTeamUser(request.services, request.principal, request.body);
      reply.code(201);
      return user;
    },
  });

  app.patch('/v1/users/:id', {
    config,
    schema: {
      tags,
      operationId: 'updateUser',
      summary: "Change a user's role",
      description:
        "Sets the user's `role`. Their access tokens lose what the new role does not grant at once; what it adds comes with their next refresh. " +
        'An admin cannot change their own role (400 `parameter_invalid`, `param: "role"`), so the merchant always keeps an admin. ' +
        "A removed user, or another merchant's, answers 404.",
      params: UserIdParams,
      body: UpdateUserBody,
      response: { 200: User, ...errorResponses(...AUTH_ERRORS, 'parameter_missing', 'resource_not_found') },
    },
    handler: (request) => changeUserRole(request.services, request.principal, request.params.id, request.body),
  });

  app.post('/v1/users/:id/sign_out', {
    config,
    schema: {
      tags,
      operationId: 'signOutUser',
      summary: 'Sign a user out everywhere',
      description:
        "Ends every sign-in of the user, on every app and browser (a lost phone, a shared tablet), and answers the user. Their access and refresh tokens " +
        'answer 401 `credential_revoked` from the next request, on every server process; they can sign in again with their password. ' +
        'Signing yourself out everywhere ends the sign-in making the request too. Every open password-reset link (or temporary password\'s token) of the user is spent, so a link mailed before does not bring them back. ' +
        "A removed user, or another merchant's, answers 404. Takes no body.",
      params: UserIdParams,
      body: SignOutUserBody,
      response: { 200: User, ...errorResponses(...AUTH_ERRORS, ...IDEMPOTENCY_ERRORS, 'resource_not_found') },
    },
    handler: (request) => signOutTeamUser(request.services, request.principal, request.params.id),
  });

  app.delete('/v1/users/:id', {
    config,
    schema: {
      tags,
      operationId: 'deleteUser',
      summary: 'Remove a user',
      description:
        'Removes the user and answers the user with `removed_at` set. They can no longer sign in, and every sign-in of theirs ends at once: ' +
        'their access and refresh tokens answer 401 `credential_revoked` from the next request, and every open password-reset link of theirs is spent. ' +
        'An admin cannot remove themselves (400 `parameter_invalid`, `param: "id"`). ' +
        "Removing a removed user, or another merchant's, answers 404. The e-mail stays taken.",
      params: UserIdParams,
      response: { 200: User, ...errorResponses(...AUTH_ERRORS, 'resource_not_found') },
    },
    handler: (request) => removeTeamUser(request.services, request.principal, request.params.id),
  });
};

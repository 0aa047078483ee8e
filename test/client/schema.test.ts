/**
 * The client follows the server: its types are those of the current OpenAPI document, and its error
 * catalogue is the server's, each type mapped to its own error class.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import * as client from '../../packages/client/src/index.js';
import { errorOf, type ErrorCatalogue, type ErrorCode as ClientCode } from '../../packages/client/src/errors.js';
import { CLIENT_SCHEMA_FILE, renderClientSchema } from '../../scripts/client-schema.js';
import { ERROR_CODES, type ErrorCode as ServerCode } from '../../src/errors.js';

test("the client's types are generated from the current OpenAPI document (run `npm run client:generate` after a change)", async () => {
  const expected = await renderClientSchema();
  const actual = readFileSync(CLIENT_SCHEMA_FILE, 'utf8');
  assert.ok(actual === expected, 'packages/client/src/schema.ts is stale: run `npm run client:generate` and commit the result');
});

/** Fails to compile unless A and B are the same type. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type ServerCatalogue = { [T in (typeof ERROR_CODES)[ServerCode]['type']]: { [C in ServerCode]: (typeof ERROR_CODES)[C]['type'] extends T ? C : never }[ServerCode] };
const sameCodes: Same<ClientCode, ServerCode> = true;
const sameCatalogue: Same<ErrorCatalogue, ServerCatalogue> = true;

const CLASS_OF_TYPE: Record<string, unknown> = {
  invalid_request_error: client.InvalidRequestError,
  authentication_error: client.AuthenticationError,
  permission_error: client.PermissionError,
  not_found_error: client.NotFoundError,
  conflict_error: client.ConflictError,
  unprocessable_error: client.UnprocessableError,
  payment_error: client.PaymentError,
  rate_limit_error: client.RateLimitError,
  api_error: client.ApiError,
};

test("every error code of the server becomes the client's class for its type, with its fields", () => {
  assert.ok(sameCodes && sameCatalogue);
  for (const [code, { status, type }] of Object.entries(ERROR_CODES)) {
    const headers = new Headers({ 'request-id': 'req_header', 'retry-after': '3' });
    const error = errorOf(status, { error: { type, code, message: `m ${code}`, param: 'p', request_id: 'req_1' } }, headers);
    const expected = CLASS_OF_TYPE[type] as abstract new (...args: never[]) => unknown;
    assert.ok(expected !== undefined, `a class for ${type}`);
    assert.ok(error instanceof expected && error instanceof client.TillError, `${code} is a ${(expected as { name: string }).name}`);
    assert.deepEqual([error.status, error.type, error.code, error.message, error.param, error.requestId], [status, type, code, `m ${code}`, 'p', 'req_1']);
    assert.equal(error.name, (expected as { name: string }).name);
  }
  const limited = errorOf(429, { error: { type: 'rate_limit_error', code: 'rate_limited', message: 'slow down' } }, new Headers({ 'retry-after': '3', 'request-id': 'req_h' }));
  assert.ok(limited instanceof client.RateLimitError && limited.retryAfter === 3 && limited.requestId === 'req_h');
  // An answer without the envelope (a proxy's page) is still a typed error, by its status.
  assert.ok(errorOf(503, '<html>', new Headers()) instanceof client.ApiError);
  assert.ok(errorOf(429, '', new Headers()) instanceof client.RateLimitError);
});

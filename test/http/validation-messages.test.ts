/**
 * Every 400 of a refused field names the field and says what is allowed, in words: never Ajv's
 * wording ("must match pattern", "must be equal to constant", "must match format") nor a regular
 * expression. The fields are read from the OpenAPI document, so a new operation or field is covered
 * without touching this file.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { describeEachBackend } from '../helpers/backends.js';
import { signInAs } from '../helpers/oauth.js';
import { Api, createTestMerchant, startTestServer, type TestServer } from '../helpers/server.js';

type Schema = Record<string, any>;

const FORBIDDEN = [/must match pattern/i, /equal to constant/i, /must match format/i, /must NOT have/, /allowed values/i, /\^|\$|\[0-9|\\S|\(\?|\|/];

describeEachBackend('validation messages', (backend) => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(backend);
  });
  after(() => server.close());

  test('the examples of the issue say what is allowed', async () => {
    const shop = await createTestMerchant(server);
    const api = shop.sandbox;
    const cases: Array<[Promise<any>, string, RegExp]> = [
      [api.get('/v1/orders?status=bogus'), 'status', /^Invalid status: must be one of pending, paid, partially_refunded, refunded, canceled, or several of them separated by commas\.$/],
      [api.post('/v1/orders/ord_x/refund', { reason: 'because' }), 'reason', /^Invalid reason: must be one of customer_request, duplicate, fraudulent, other\.$/],
      [api.get('/v1/orders?created_at_min=1795300000'), 'created_at_min', /^Invalid created_at_min: must be an ISO 8601 date-time with its time zone, such as 2026-11-21T10:00:00Z .*, or a date such as 2026-11-21\.$/],
      [api.post('/v1/orders', { items: [] }), 'items', /^Invalid items: must have at least 1 item\.$/],
      [api.get('/v1/events?type=order.shipped'), 'type', /^Invalid type: must be one of order\.created, order\.updated, order\.paid, .*, or several of them separated by commas\.$/],
      [api.post('/v1/orders', { items: [{ product_id: 'prod_x', quantity: 0 }] }), 'items[0].quantity', /^Invalid items\[0\]\.quantity: must be 1 or more\.$/],
      [api.get('/v1/orders?per_page=500'), 'per_page', /^Invalid per_page: must be 100 or less\.$/],
    ];
    for (const [pending, param, message] of cases) {
      const response = await pending;
      assert.equal(response.status, 400, JSON.stringify(response.body));
      assert.equal(response.body.error.code, 'parameter_invalid');
      assert.equal(response.body.error.param, param);
      assert.match(response.body.error.message, message);
    }
  });

  test('every field of every operation: a refused value is named and described in words, never by its schema', async () => {
    const shop = await createTestMerchant(server);
    const admin = (await signInAs(server, shop, 'admin', { environment: 'sandbox' })).api;
    const document = (await shop.sandbox.get('/v1/openapi.json')).body as Schema;
    const resolve = (schema: Schema): Schema => (schema.$ref === undefined ? schema : resolve(document.components.schemas[schema.$ref.split('/').pop()]));

    let refused = 0;
    const seen = new Set<string>();
    for (const [template, item] of Object.entries<Schema>(document.paths)) {
      for (const [method, operation] of Object.entries<Schema>(item)) {
        const send = async (api: Api, path: string, query: string, body: unknown) => api.request(method.toUpperCase(), `${path}${query}`, body);
        const call = async (path: string, query: string, body: unknown) => {
          const response = await send(shop.sandbox, path, query, body);
          return response.status === 403 ? send(admin, path, query, body) : response;
        };
        const check = (response: any, where: string) => {
          if (response.status !== 400) return;
          refused++;
          const { message, param } = response.body.error;
          seen.add(`${operation.operationId} ${param}`);
          for (const forbidden of FORBIDDEN) assert.doesNotMatch(message, forbidden, `${where}: ${message}`);
          if (param !== undefined) assert.ok(message.includes(param), `${where}: the message names ${param}: ${message}`);
          assert.match(message, /^[A-Z].*\.$/, `${where}: a sentence: ${message}`);
        };
        const path = template.replace('{id}', 'x_1');
        const queryParameters = ((operation.parameters ?? []) as Schema[]).filter((parameter) => parameter.in === 'query');
        const requiredQuery = (except: string) =>
          queryParameters.filter((parameter) => parameter.required && parameter.name !== except).map((parameter) => `&${parameter.name}=${encodeURIComponent(String(validValue(resolve(parameter.schema), resolve)))}`).join('');
        for (const parameter of (operation.parameters ?? []) as Schema[]) {
          if (parameter.in === 'header') continue;
          for (const bad of invalidValues(resolve(parameter.schema), resolve, true)) {
            const text = encodeURIComponent(String(bad));
            if (parameter.in === 'path') {
              check(await call(template.replace(`{${parameter.name}}`, text), '', bodyOf(operation, resolve)), `${method} ${template} ${parameter.name}=${text}`);
            } else {
              check(await call(path, `?${parameter.name}=${text}${requiredQuery(parameter.name)}`, bodyOf(operation, resolve)), `${method} ${template}?${parameter.name}=${text}`);
            }
          }
        }
        const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
        if (bodySchema === undefined) continue;
        const schema = resolve(bodySchema);
        for (const [name, property] of Object.entries<Schema>(schema.properties ?? {})) {
          for (const [suffix, bad] of invalidBodies(resolve(property), resolve)) {
            const body = { ...(validValue(schema, resolve) as object), [name]: bad };
            check(await call(path, `?${requiredQuery('').slice(1)}`, body), `${method} ${template} ${name}${suffix}=${JSON.stringify(bad).slice(0, 80)}`);
          }
        }
      }
    }
    assert.ok(refused > 80, `${refused} refusals checked`);
    for (const field of ['listOrders status', 'listOrders created_at_min', 'createOrder items', 'createOrder items[0].quantity', 'refundOrder reason', 'createApiKey permissions[0]', 'getSalesReport from', 'listEvents type']) {
      assert.ok(seen.has(field), `${field} was refused and checked (seen: ${[...seen].sort().join(', ')})`);
    }
  });
});

function bodyOf(operation: Schema, resolve: (schema: Schema) => Schema): unknown {
  const schema = operation.requestBody?.content?.['application/json']?.schema;
  return schema === undefined ? undefined : validValue(resolve(schema), resolve);
}

/** A value the schema accepts (required properties only), so that one bad field is the only fault. */
function validValue(schema: Schema, resolve: (schema: Schema) => Schema): unknown {
  if (schema.$ref !== undefined) return validValue(resolve(schema), resolve);
  if (schema.examples?.length) return schema.examples[0];
  if (schema.const !== undefined) return schema.const;
  if (schema.enum !== undefined) return schema.enum[0];
  if (schema.anyOf !== undefined) return validValue(schema.anyOf[0], resolve);
  switch (schema.type) {
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const name of schema.required ?? []) value[name] = validValue(schema.properties[name], resolve);
      return value;
    }
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, (_, i) => (schema.items?.type === 'object' ? validValue(schema.items, resolve) : validValue(schema.items ?? {}, resolve) ?? i));
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    case 'string':
      if (schema.format === 'email') return 'someone@example.com';
      if (schema.format === 'date-time' || schema.format === 'timestamp' || schema.format === 'timestamp-or-date') return '2026-01-01T00:00:00Z';
      return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
    default:
      return 'x';
  }
}

/** Values that break the schema, one rule at a time. `text`: a query or path value, always a string. */
function invalidValues(schema: Schema, resolve: (schema: Schema) => Schema, text: boolean): unknown[] {
  if (schema.$ref !== undefined) return invalidValues(resolve(schema), resolve, text);
  const values: unknown[] = [];
  if (schema.enum !== undefined || schema.const !== undefined) values.push('bogus');
  if (schema.anyOf !== undefined) {
    if (schema.anyOf.every((branch: Schema) => branch.const !== undefined)) values.push('bogus');
    for (const branch of schema.anyOf) if (branch.type !== 'null') values.push(...invalidValues(branch, resolve, text));
  }
  if (schema.type === 'string') {
    if (schema.pattern !== undefined) values.push('!! not this !!', ' ');
    if (schema.format !== undefined) values.push('1795300000', 'not a date or address');
    if (schema.minLength !== undefined) values.push('');
    if (schema.maxLength !== undefined) values.push('x'.repeat(schema.maxLength + 1));
    if (!text) values.push(12345);
  }
  if (schema.type === 'integer' || schema.type === 'number') {
    values.push('abc', text ? '1.5' : 1.5);
    if (schema.minimum !== undefined) values.push(text ? String(schema.minimum - 1) : schema.minimum - 1);
    if (schema.maximum !== undefined) values.push(text ? String(schema.maximum + 1) : schema.maximum + 1);
  }
  if (schema.type === 'boolean') values.push(text ? 'maybe' : 'maybe');
  return values;
}

/** Bad values of a body property, with the path below it they break (`[0].quantity`). */
function invalidBodies(schema: Schema, resolve: (schema: Schema) => Schema): Array<[string, unknown]> {
  const bodies: Array<[string, unknown]> = invalidValues(schema, resolve, false).map((value) => ['', value]);
  if (schema.type === 'array') {
    bodies.push(['', 'not a list']);
    if (schema.minItems !== undefined) bodies.push(['', []]);
    const item = resolve(schema.items ?? {});
    if (schema.maxItems !== undefined) bodies.push(['', Array.from({ length: schema.maxItems + 1 }, () => validValue(item, resolve))]);
    if (schema.uniqueItems) bodies.push(['', [validValue(item, resolve), validValue(item, resolve)]]);
    if (item.type === 'object') {
      for (const [name, property] of Object.entries<Schema>(item.properties ?? {})) {
        for (const [suffix, bad] of invalidBodies(resolve(property), resolve)) bodies.push([`[0].${name}${suffix}`, [{ ...(validValue(item, resolve) as object), [name]: bad }]]);
      }
    } else {
      for (const bad of invalidValues(item, resolve, false)) bodies.push(['[0]', [bad]]);
    }
  }
  if (schema.type === 'object') {
    bodies.push(['', 'not an object']);
    if (schema.maxProperties !== undefined) bodies.push(['', Object.fromEntries(Array.from({ length: schema.maxProperties + 1 }, (_, i) => [`k${i}`, 'v']))]);
    if (schema.propertyNames?.maxLength !== undefined) bodies.push(['', { ['k'.repeat(schema.propertyNames.maxLength + 1)]: 'v' }]);
    if (schema.additionalProperties?.maxLength !== undefined) bodies.push(['', { k: 'v'.repeat(schema.additionalProperties.maxLength + 1) }]);
    if (schema.additionalProperties?.type === 'string') bodies.push(['', { k: 5 }]);
  }
  return bodies;
}

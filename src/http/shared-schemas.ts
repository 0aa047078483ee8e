/**
 * Shared schemas: the objects the API shows in many places (an order, a refund, the error
 * envelope...), listed in `app/shared-schemas.ts`. Each names itself with `$id` where it is defined
 * (`{ $id: 'Order' }`) and is registered once with Fastify under that name. Every route schema and shared schema that contains
 * one (the object itself, or a copy such as `Type.Optional(PaymentMethod)`) refers to it by `$ref`
 * instead, so that validation, serialization and the OpenAPI document all see it once: a schema may
 * not hold the same `$id` twice (Ajv refuses it, and an order holds its payment method twice).
 */
import type { FastifySchema } from 'fastify';
import fp from 'fastify-plugin';
import type { TSchema } from 'typebox';
import { addSharedSchemas } from './validation.js';

function isShared(schema: object): schema is { $id: string } {
  return typeof (schema as { $id?: unknown }).$id === 'string';
}

/** Each schema's referenced form, made once: the same object for every app built, and untouched parts shared. */
const referencedForms = new WeakMap<object, unknown>();

/**
 * `schema` with every shared schema in it replaced by a reference to it (`{ $ref: 'Order#' }`); a shared
 * schema itself becomes such a reference. A schema that holds none is returned as it is.
 *
 * @example referenceShared(OrderList) // { $ref: 'OrderList#' }
 * @example referenceShared({ 200: OrderList }) // { 200: { $ref: 'OrderList#' } }
 */
export function referenceShared(schema: unknown): unknown {
  if (schema === null || typeof schema !== 'object') return schema;
  if (isShared(schema)) return { $ref: `${schema.$id}#` };
  return referenceInside(schema);
}

/** `schema` as it is, with the shared schemas inside it referenced: a shared schema's registered definition. */
function referenceInside(schema: object): unknown {
  let form = referencedForms.get(schema);
  if (form === undefined) {
    const entries = Object.entries(schema).map(([key, value]) => [key, referenceShared(value)] as const);
    const same = entries.every(([key, value]) => value === (schema as Record<string, unknown>)[key]);
    form = same ? schema : Array.isArray(schema) ? entries.map(([, value]) => value) : Object.fromEntries(entries);
    referencedForms.set(schema, form);
  }
  return form;
}

/**
 * Registers the shared schemas `schemas` (before any route), in their order, and has every route
 * schema refer to them, before Fastify compiles its validators and serializers and before
 * @fastify/swagger documents it. Each is registered as its referenced form: it keeps its `$id`, and
 * refers to the others it holds.
 */
export const sharedSchemasPlugin = fp(
  async function sharedSchemas(app, { schemas }: { schemas: readonly TSchema[] }) {
    const definitions = schemas.map((schema) => referenceInside(schema) as object);
    for (const definition of definitions) app.addSchema(definition);
    addSharedSchemas(definitions);
    app.addHook('onRoute', (route) => {
      if (route.schema !== undefined) route.schema = referenceShared(route.schema) as FastifySchema;
    });
  },
  { name: 'till-shared-schemas' },
);

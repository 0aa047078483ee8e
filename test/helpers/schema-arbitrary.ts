/**
 * fast-check arbitraries from the JSON Schema subset the OpenAPI document uses: `$ref`, `anyOf` /
 * `oneOf`, `enum` / `const`, `type` null, boolean, integer (minimum, maximum), number, string
 * (minLength, maxLength, pattern, format email / date-time / timestamp / timestamp-or-date), array (minItems,
 * maxItems, uniqueItems) and object (properties, required, additionalProperties, maxProperties,
 * propertyNames). Plus the mutations that turn a valid value into a near-valid one.
 */
import fc from 'fast-check';

export type JsonSchema = Record<string, any>;

export interface SchemaContext {
  /** The schema a `$ref` (`#/components/schemas/X`) points at. */
  resolve(ref: string): JsonSchema;
  /** Values to prefer for a property of this name (real ids of existing objects), if any. */
  preferred?(name: string): fc.Arbitrary<string> | undefined;
  /** The server's time, near which generated timestamps cluster (default: the real time). */
  now?(): number;
}

/** Long enough to reach the limits sometimes, short enough to keep requests small. */
const LONGEST_GENERATED = 60;
const MOST_ITEMS = 4;

const HOUR_MS = 60 * 60 * 1000;
/**
 * Any time this century, or (more often) one of the last hours before `now`, where the data is,
 * sometimes on the first or last millisecond of its UTC day, where ranges of whole days begin and end.
 */
function isoTimestamp(now: () => number): fc.Arbitrary<string> {
  return fc.oneof(
    fc.date({ min: new Date('2000-01-01T00:00:00.000Z'), max: new Date('2099-12-31T23:59:59.999Z'), noInvalidDate: true }).map((d) => d.toISOString()),
    fc
      .tuple(fc.integer({ min: -12 * HOUR_MS, max: HOUR_MS }), fc.constantFrom('as is', 'as is', 'day start', 'day end'))
      .map(([offset, snap]) => {
        const iso = new Date(now() + offset).toISOString();
        return snap === 'as is' ? iso : `${iso.slice(0, 10)}${snap === 'day start' ? 'T00:00:00.000Z' : 'T23:59:59.999Z'}`;
      }),
  );
}

function stringFor(schema: JsonSchema, ctx: SchemaContext): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = schema.maxLength ?? 1_000_000;
  const fits = (s: string) => s.length >= minLength && s.length <= maxLength;
  if (schema.format === 'email') return fc.emailAddress().filter(fits);
  const timestamp = isoTimestamp(() => ctx.now?.() ?? Date.now());
  if (schema.format === 'date-time' || schema.format === 'timestamp') return timestamp;
  if (schema.format === 'timestamp-or-date') return fc.oneof(timestamp, timestamp.map((t) => t.slice(0, 10)));
  if (schema.pattern !== undefined) {
    return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => fits(s) && s.length <= 4 * LONGEST_GENERATED);
  }
  const longest = Math.min(maxLength, Math.max(minLength, LONGEST_GENERATED));
  return fc.oneof(
    { weight: 3, arbitrary: fc.string({ minLength, maxLength: longest }) },
    { weight: 1, arbitrary: fc.string({ minLength, maxLength: longest, unit: 'grapheme' }).filter(fits) },
    // Exactly at the longest allowed, where off-by-one limits break.
    { weight: 1, arbitrary: fc.constant(maxLength <= 10_000 ? 'x'.repeat(maxLength) : 'x'.repeat(minLength)) },
  );
}

function integerFor(schema: JsonSchema): fc.Arbitrary<number> {
  const min = schema.minimum ?? -1_000_000;
  const max = schema.maximum ?? 1_000_000;
  // Small values most of the time (quantities and amounts that can succeed), the bounds sometimes.
  return fc.oneof(
    { weight: 4, arbitrary: fc.integer({ min, max: Math.min(max, min + 5) }) },
    { weight: 2, arbitrary: fc.integer({ min, max }) },
    { weight: 1, arbitrary: fc.constantFrom(min, max) },
  );
}

/** Values valid under `schema`. `name` is the property they are for (to prefer real ids). */
export function valueFor(schema: JsonSchema, ctx: SchemaContext, name?: string): fc.Arbitrary<unknown> {
  if (schema.$ref !== undefined) return valueFor(ctx.resolve(schema.$ref), ctx, name);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices !== undefined) return fc.oneof(...choices.map((choice: JsonSchema) => valueFor(choice, ctx, name)));
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum !== undefined) return fc.constantFrom(...schema.enum);
  if (Array.isArray(schema.type)) return fc.oneof(...schema.type.map((type: string) => valueFor({ ...schema, type }, ctx, name)));
  const type = schema.type ?? (schema.properties !== undefined ? 'object' : undefined);
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return integerFor(schema);
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true, min: schema.minimum, max: schema.maximum });
    case 'string': {
      const preferred = name === undefined ? undefined : ctx.preferred?.(name);
      return preferred === undefined ? stringFor(schema, ctx) : fc.oneof({ weight: 9, arbitrary: preferred }, { weight: 1, arbitrary: stringFor(schema, ctx) });
    }
    case 'array': {
      const constraints = { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? MOST_ITEMS, Math.max(schema.minItems ?? 0, MOST_ITEMS)) };
      const item = valueFor(schema.items ?? {}, ctx, name);
      return schema.uniqueItems ? fc.uniqueArray(item, { ...constraints, selector: (v) => JSON.stringify(v) }) : fc.array(item, constraints);
    }
    case 'object': {
      const properties: Record<string, JsonSchema> = schema.properties ?? {};
      const required: string[] = schema.required ?? [];
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, property] of Object.entries(properties)) model[key] = valueFor(property, ctx, key);
      const fixed = fc.record(model, { requiredKeys: required.filter((key) => key in properties) });
      const extra = schema.additionalProperties;
      if (extra === undefined || extra === false || extra === true) return fixed;
      const keys = stringFor({ type: 'string', ...(schema.propertyNames ?? {}) }, ctx);
      const dictionary = fc.dictionary(keys, valueFor(extra, ctx), { maxKeys: Math.min(schema.maxProperties ?? 5, 5) });
      return fc.tuple(fixed, dictionary).map(([a, b]) => ({ ...b, ...a }));
    }
    default:
      // No type: any JSON value.
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Where a value can be changed: the root (`[]`) and the path to every property and element. */
export function locations(value: unknown, at: Array<string | number> = []): Array<Array<string | number>> {
  const found = [at];
  if (Array.isArray(value)) value.forEach((v, i) => found.push(...locations(v, [...at, i])));
  else if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) found.push(...locations(v, [...at, k]));
  return found;
}

/** Marks where the serializer writes deeply nested JSON that JSON.stringify could not build. */
export const DEEP_NESTING = '\u0000deep-nesting\u0000';

export const MUTATIONS = ['wrong_type', 'out_of_range', 'missing_required', 'extra_property', 'huge_string', 'deep_nesting'] as const;
export type Mutation = (typeof MUTATIONS)[number];

const WRONG_TYPES: readonly unknown[] = ['12', 12, 1.5, true, null, [], {}, 'x', -1, [1, 2], { a: 1 }];
const OUT_OF_RANGE_NUMBERS: readonly number[] = [-1, 0, 0.5, 1e15, 2 ** 53 + 2, -(2 ** 31), 2 ** 31, 1e308];
const MASS_ASSIGNED = ['status', 'merchant_id', 'total', 'id', 'refunded_amount', 'environment', 'unexpected'];

/**
 * One change that makes a valid value near-valid: `which` picks the location, `variant` the value.
 * Returns a copy.
 */
export function mutate(value: unknown, mutation: Mutation, which: number, variant: number): unknown {
  const copy = structuredClone(value);
  const places = locations(copy);
  const path = places[which % places.length]!;
  const parentPath = path.slice(0, -1);
  const key = path[path.length - 1];
  const get = (p: Array<string | number>) => p.reduce<any>((v, k) => v?.[k], copy);
  const current = get(path);
  const replace = (next: unknown): unknown => {
    if (key === undefined) return next;
    get(parentPath)[key] = next;
    return copy;
  };
  switch (mutation) {
    case 'wrong_type':
      return replace(WRONG_TYPES.filter((v) => typeof v !== typeof current || Array.isArray(v) !== Array.isArray(current))[variant % 8]);
    case 'out_of_range':
      if (typeof current === 'string') return replace(variant % 2 === 0 ? '' : 'y'.repeat(1_001 + (variant % 5_000)));
      return replace(OUT_OF_RANGE_NUMBERS[variant % OUT_OF_RANGE_NUMBERS.length]);
    case 'missing_required': {
      const objects = places.filter((p) => {
        const v = get(p);
        return v !== null && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length > 0;
      });
      if (objects.length === 0) return undefined; // no body at all
      const target = get(objects[variant % objects.length]!);
      delete target[Object.keys(target)[variant % Object.keys(target).length]!];
      return copy;
    }
    case 'extra_property': {
      const objects = places.filter((p) => {
        const v = get(p);
        return v !== null && typeof v === 'object' && !Array.isArray(v);
      });
      if (objects.length === 0) return { [MASS_ASSIGNED[variant % MASS_ASSIGNED.length]!]: 'paid' };
      get(objects[variant % objects.length]!)[MASS_ASSIGNED[variant % MASS_ASSIGNED.length]!] = variant % 2 === 0 ? 'paid' : 0;
      return copy;
    }
    case 'huge_string':
      return replace('h'.repeat([5_000, 100_000, 1_100_000][variant % 3]!));
    case 'deep_nesting':
      return replace(DEEP_NESTING);
  }
}

/** JSON text of a body, with deeply nested arrays where `mutate` put DEEP_NESTING. */
export function serialize(body: unknown, depth: number): string {
  const text = JSON.stringify(body);
  return text.replace(JSON.stringify(DEEP_NESTING), `${'['.repeat(depth)}${']'.repeat(depth)}`);
}

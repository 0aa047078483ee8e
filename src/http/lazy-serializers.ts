/**
 * Response serializers compiled when a route first answers with a status, not when the server starts.
 *
 * Fastify compiles a fast-json-stringify serializer for every response schema of every route before
 * it listens: for Till's routes that was about 0.8 s of the 1.3 s of CPU a start took (the compiler
 * and its `$ref` resolver), spent again by each process of `WORKERS=N` and by every `till serve`,
 * for routes that process may never answer. Here each serializer is the same fast-json-stringify
 * function with the same options (Fastify's own `@fastify/fast-json-stringify-compiler`), built on
 * its first use and kept: the first answer of a route with a status pays a few milliseconds once.
 *
 * `compileAll` builds every serializer still pending, so a schema that cannot compile still fails
 * where it can be seen (the test that builds the app calls it).
 */
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';

declare module 'fastify' {
  interface FastifyInstance {
    /** Compiles every response serializer not used yet (`lazySerializers`); returns how many. */
    compileSerializers(): number;
  }
}

type Serializer = (payload: unknown) => string;
type RouteDefinition = { method: string; url: string; httpStatus: string; schema?: unknown };
export type SerializerFactory = (externalSchemas?: unknown, options?: object) => (route: RouteDefinition) => Serializer;

export interface LazySerializers {
  /** Fastify's `schemaController.compilersFactory.buildSerializer`. */
  buildSerializer: SerializerFactory;
  /** Compiles every serializer not used yet; returns how many it compiled. */
  compileAll(): number;
}

/** One per app: its pending serializers are that app's. */
export function lazySerializers(): LazySerializers {
  const eager = SerializerSelector();
  const pending = new Set<() => Serializer>();
  const buildSerializer: SerializerFactory = (externalSchemas, options) => {
    const compile = eager(externalSchemas, options);
    return (route) => {
      let serializer: Serializer | undefined;
      const build = (): Serializer => {
        if (serializer === undefined) {
          serializer = compile(route as Parameters<typeof compile>[0]);
          pending.delete(build);
        }
        return serializer;
      };
      pending.add(build);
      return (payload) => (serializer ?? build())(payload);
    };
  };
  return {
    buildSerializer,
    compileAll: () => {
      const builds = [...pending];
      for (const build of builds) build();
      return builds.length;
    },
  };
}

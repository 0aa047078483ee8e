/**
 * The list of shared schemas (see `http/shared-schemas.ts` for how they are registered and referred
 * to): the error envelope and the page, then each module's, as `modules.ts` lists them.
 */
import type { TSchema } from 'typebox';
import { ErrorBody } from '../errors.js';
import { Pagination } from '../http/schemas.js';
import { MODULES } from './modules.js';

/**
 * Every shared schema, in the order of `components.schemas` in the OpenAPI document. Their names are
 * their `$id`s; one missing here fails at startup, as a `$ref` Fastify cannot resolve.
 */
export const SHARED_SCHEMAS: readonly TSchema[] = [ErrorBody, Pagination, ...MODULES.flatMap((module) => module.schemas ?? [])];

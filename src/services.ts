/**
 * What business operations are given to work with. Built once in `app.ts` and handed to each module.
 */
import type { Db } from './db/connection.js';
import type { ProcessorFor } from './payments/processor.js';
import type { Clock } from './time.js';

export interface Services {
  db: Db;
  clock: Clock;
  processorFor: ProcessorFor;
}

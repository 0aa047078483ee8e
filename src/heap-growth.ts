/**
 * How far V8 lets the old generation grow between full collections. V8 picks its own factor, up to
 * 4 times what the last full collection left alive on a busy process; on a server much of what it
 * lets grow is the garbage of requests that were in flight at two young collections, so the
 * resident memory of a busy process swings far above what it keeps alive. A fixed, smaller factor
 * (HEAP_GROWING_PERCENT) bounds that swing at the cost of more frequent full collections, most of
 * whose marking runs on V8's helper threads. See docs/performance.md, "Memory".
 */
import { setFlagsFromString } from 'node:v8';

/**
 * Lets the old generation grow at most `percent` above what survived the last full collection; 0
 * leaves the factor to V8. V8 reads the flag each time it sets the next limit, so it takes effect
 * from the next full collection on (it cannot be given in NODE_OPTIONS, which refuses it).
 */
export function limitHeapGrowth(percent: number): void {
  setFlagsFromString(`--heap-growing-percent=${percent}`);
}

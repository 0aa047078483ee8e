/**
 * The checkpoint thread of a SQLite database (started by `sqlite.ts`): its own connection to the
 * file, a passive checkpoint every `everyMs` milliseconds, until the server says stop.
 */
import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';

export interface CheckpointerData {
  path: string;
  everyMs: number;
}

const { path, everyMs } = workerData as CheckpointerData;
const db = new Database(path);
const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // Busy or closing: the next round tries again.
  }
}, everyMs);

parentPort!.once('message', () => {
  clearInterval(timer);
  db.close();
  parentPort!.close();
});

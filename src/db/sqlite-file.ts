/**
 * The SQLite file a server opened, as the file system sees it now: still the same file at its path
 * (deleted or replaced under a running process, SQLite keeps writing into the old, unlinked one),
 * and still writable (a file system remounted read-only, an immutable file).
 */
import { accessSync, chmodSync, closeSync, constants, mkdirSync, openSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/**
 * Makes the database's directory and files private to the server's account, whatever the umask:
 * a directory Till creates (with its parents it creates) is 0700, and the database file, its
 * write-ahead log and shared-memory index are 0600 (the file is created 0600 before SQLite opens it;
 * SQLite gives the `-wal` and `-shm` files it creates the database file's mode; an existing file,
 * and those left by an earlier run, lose their group and other bits here). A directory that existed already is left as it is: it may be shared
 * (`/var/lib`, a home directory), and the files in it are private all the same.
 */
export function prepareSqliteFiles(path: string): void {
  makePrivateDirectory(dirname(resolve(path)));
  try {
    closeSync(openSync(path, 'wx', 0o600));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  for (const file of [path, `${path}-wal`, `${path}-shm`]) {
    const stats = statSync(file, { throwIfNoEntry: false });
    // Only the group's and others' bits are taken away: a file made read-only stays read-only.
    if (stats === undefined || (stats.mode & 0o077) === 0) continue;
    try {
      chmodSync(file, stats.mode & 0o700);
    } catch (error) {
      // A file of another account (EPERM), a read-only file system (EROFS): left as they are.
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EPERM' && code !== 'EROFS') throw error;
    }
  }
}

/** Thrown before a write is committed into a file that is no longer the one at the configured path. */
export class SqliteFileMovedError extends Error {
  readonly code = 'TILL_SQLITE_FILE_MOVED';
}

export class SqliteFile {
  readonly #dev: number;
  readonly #ino: number;

  /** Call right after opening `path`: the file found there now is the one the connection holds. */
  constructor(readonly path: string) {
    const stats = statSync(path);
    this.#dev = stats.dev;
    this.#ino = stats.ino;
  }

  /**
   * Why the path no longer holds the opened file, or undefined when it does. One `stat` (about 4 µs
   * measured, against 30 µs and more for a write transaction), so it runs before every write commits.
   */
  moved(): string | undefined {
    const stats = statSync(this.path, { throwIfNoEntry: false });
    if (stats === undefined) return `The database file ${this.path} was deleted while the server was running.`;
    if (stats.dev !== this.#dev || stats.ino !== this.#ino) return `The database file ${this.path} was replaced by another file while the server was running.`;
    return undefined;
  }

  /** Throws SqliteFileMovedError when the path no longer holds the opened file. */
  checkUnmoved(): void {
    const reason = this.moved();
    if (reason !== undefined) throw new SqliteFileMovedError(`${reason} Writes are refused; restart the server to open the file now at that path.`);
  }

  /**
   * Whether the process may write the database file and its write-ahead log (`access(2)`, which
   * also answers for root: EROFS on a read-only file system, EPERM on an immutable file).
   */
  writable(): boolean {
    return mayWrite(this.path, false) && mayWrite(`${this.path}-wal`, true);
  }
}

/** Creates `directory` and the parents it lacks with mode 0700, whatever the umask; one that exists is left as it is. */
export function makePrivateDirectory(directory: string): void {
  const absolute = resolve(directory);
  const firstCreated = mkdirSync(absolute, { recursive: true, mode: 0o700 });
  if (firstCreated === undefined) return;
  for (let dir = absolute; dir.length >= firstCreated.length; dir = dirname(dir)) chmodSync(dir, 0o700);
}

function mayWrite(path: string, mayBeMissing: boolean): boolean {
  try {
    accessSync(path, constants.W_OK);
    return true;
  } catch (error) {
    return mayBeMissing && (error as NodeJS.ErrnoException).code === 'ENOENT';
  }
}

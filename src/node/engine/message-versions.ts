/** A kept answer's scope: the messages of one fid, or all messages (an answer across fids). */
export type MessageScope = number | 'all';

/**
 * Versions of the stored messages, in memory: each write of a message row moves its fid's version and
 * the version of all messages, so an answer kept under the versions it showed is current while they hold
 * (the kept answers of both transports, node/kept-message-answers.ts).
 *
 * Writers call `moved` inside their transaction, before it commits. On SQLite that transaction holds the
 * one connection every read of the process waits for, so no read runs between a move and its commit: a
 * read that finds a version moved reads the committed rows, and an answer read before a move is kept under
 * the version before it. Other processes' writes are not seen here (the database's `othersCommitMark` is),
 * nor, on PostgreSQL's pool, is the order of reads and commits: kept answers are for SQLite only.
 */
export interface MessageVersions {
  /** A message row of `fid` is being written or deleted, in a transaction not yet committed. */
  moved(fid: number): void;
  /** The version of one fid's messages, or of all of them. */
  of(scope: MessageScope): number;
}

export type MessagesMoved = MessageVersions['moved'];

/**
 * Fids share this many slots: a write moves the version of every fid of its slot, which costs another
 * fid's kept answers a read, never their correctness, and keeps the memory fixed however many fids write.
 */
const SLOTS = 1 << 16;

export function messageVersions(): MessageVersions {
  const slots = new Uint32Array(SLOTS);
  let all = 0;
  return {
    moved(fid) {
      const slot = fid % SLOTS;
      slots[slot] = (slots[slot] as number) + 1;
      all += 1;
    },
    of: (scope) => (scope === 'all' ? all : (slots[scope % SLOTS] as number)),
  };
}

/** What a kept answer of message reads is checked against, in memory. */
export interface MessageMarks {
  /** Equal at two moments only if nothing was committed in between (the database's commitMark). */
  commitMark(): string | undefined;
  /** Equal at two moments only if no message of `scopes` changed in between, whichever process wrote it. */
  versions(scopes: readonly MessageScope[]): string;
}

/**
 * The marks of a database where other processes' commits show in `othersCommitMark` (SQLite), or
 * undefined (PostgreSQL: other processes' writes, and the pool's order of reads and commits, are unseen).
 */
export function messageMarks(
  database: { commitMark(): string | undefined; othersCommitMark(): string | undefined },
  versions: MessageVersions,
): MessageMarks | undefined {
  if (database.othersCommitMark() === undefined) return undefined;
  return {
    commitMark: () => database.commitMark(),
    versions: (scopes) => `${database.othersCommitMark()}|${scopes.map(versions.of).join(',')}`,
  };
}

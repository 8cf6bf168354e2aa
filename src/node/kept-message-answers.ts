import type { AnswerCache } from '../shared/http/answer-cache.js';
import { batchedVersions } from '../shared/http/batched-versions.js';
import { keptAnswers } from '../shared/http/kept-answers.js';
import type { KeptAnswers } from '../shared/http/kept-answers.js';
import type { ReadMarks, ReadScope } from './store/read-versions.js';

/**
 * Answers of the message reads kept under the versions of what they show (`marks`, store/read-versions.ts),
 * in the node's answer cache, or none when the cache may hold nothing (then no read asks for versions).
 * The node API builds one, so both transports share one memory budget with the rendered messages. Each
 * keeps its own rendering, under keys that cannot meet: HTTP its JSON under a JSON array
 * (http/message-answers.ts), gRPC its protobuf bytes under the method's name (grpc/kept-reads.ts).
 */
export function keptMessageAnswers(marks: ReadMarks, cache: AnswerCache): KeptAnswers | undefined {
  if (cache.capacity === 0) return undefined;
  const versions = batchedVersions(async (names) => {
    const read = await marks.versions(names.map(scopeOf));
    return new Map([...read].map(([scope, version]) => [scopeName(scope), String(version)]));
  });
  return keptAnswers(versions, { cache, commitMark: () => marks.commitMark() });
}

/** A scope as kept answers name it. */
export const scopeName = (scope: ReadScope): string => String(scope);

const scopeOf = (name: string): ReadScope => (name === 'all' ? 'all' : Number(name));

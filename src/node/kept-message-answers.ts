import { keptAnswers } from '../shared/http/kept-answers.js';
import type { KeptAnswers } from '../shared/http/kept-answers.js';
import type { MessageMarks, MessageScope } from './engine/index.js';

/**
 * Answers of the message reads kept under the version of the messages they show, checked in memory
 * against `marks` (engine/message-versions.ts); undefined where the node cannot tell (PostgreSQL). The
 * node API builds one, so both transports share one memory budget. Each keeps its own rendering, under
 * keys that cannot meet: HTTP its JSON under a JSON array (http/message-answers.ts), gRPC its protobuf
 * bytes under the method's name (grpc/kept-reads.ts).
 */
export function keptMessageAnswers(marks: MessageMarks | undefined): KeptAnswers | undefined {
  return (
    marks &&
    keptAnswers(async (scopes) => marks.versions(scopes.map(scopeOf)), { commitMark: marks.commitMark })
  );
}

/** A scope as kept answers name it. */
export const scopeName = (scope: MessageScope): string => String(scope);

const scopeOf = (name: string): MessageScope => (name === 'all' ? 'all' : Number(name));

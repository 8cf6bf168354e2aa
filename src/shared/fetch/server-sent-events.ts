/**
 * A reader of a `text/event-stream` body (the WHATWG Server-Sent Events format): one message per blank
 * line, `data:` lines joined with newlines, `id:` kept, comment lines (`:`) and other fields ignored.
 * Lines are read as the body arrives; the next chunk is pulled only when the consumer asks for the next
 * message, so a slow consumer leaves the rest in the socket's buffers.
 */

export interface ServerSentEvent {
  id: string | undefined;
  data: string;
}

/** A line longer than this (a peer that never ends a line) fails the stream instead of growing memory. */
const MAX_LINE_CHARS = 16 * 1024 * 1024;

/** `onActivity` hears of every chunk, keep-alive comments included, so a caller can tell a dead peer. */
export async function* serverSentEvents(
  body: ReadableStream<Uint8Array>,
  onActivity: () => void = () => undefined,
): AsyncGenerator<ServerSentEvent> {
  const decoder = new TextDecoder();
  const reader = body.getReader();
  let pending = '';
  let id: string | undefined;
  let data: string[] = [];
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      onActivity();
      pending += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = pending.search(/\r\n|\r|\n/)) >= 0) {
        const line = pending.slice(0, end);
        pending = pending.slice(end + (pending.startsWith('\r\n', end) ? 2 : 1));
        if (line === '') {
          if (data.length > 0) yield { id, data: data.join('\n') };
          data = [];
          continue;
        }
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const text = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'data') data.push(text);
        else if (field === 'id') id = text;
      }
      if (pending.length > MAX_LINE_CHARS) throw new Error('event stream line too long');
    }
  } finally {
    reader.releaseLock();
    await body.cancel().catch(() => undefined);
  }
}

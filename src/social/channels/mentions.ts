import { fidsByUsername } from '../node-index/store.js';
import type { SocialDb } from '../store.js';

/**
 * Channel descriptions name users as `@username` (an fname or `.eth` name). A username that some fid has
 * set as its USERNAME user data is cut out of the text and recorded as that fid at the UTF-8 byte offset
 * where it stood, as cast mentions are; an unknown name stays in the text.
 */

export interface MentionedText {
  text: string;
  mentions: number[];
  positions: number[];
}

/** `@` not glued to a preceding word (so e-mail addresses stay text), then an fname or ENS name. */
const MENTION = /(?<![\p{L}\p{N}_.@-])@([a-z0-9][a-z0-9-]{0,19}(?:\.eth)?)(?![\p{L}\p{N}_-])/giu;

export async function extractMentions(db: SocialDb, description: string): Promise<MentionedText> {
  const matches = [...description.matchAll(MENTION)];
  const names = [...new Set(matches.map((match) => (match[1] as string).toLowerCase()))];
  const fids = await fidsByUsername(db, names);
  let text = '';
  let copied = 0;
  const mentions: number[] = [];
  const positions: number[] = [];
  for (const match of matches) {
    const fid = fids.get((match[1] as string).toLowerCase());
    if (fid === undefined) continue;
    text += description.slice(copied, match.index);
    copied = match.index + match[0].length;
    mentions.push(fid);
    positions.push(Buffer.byteLength(text, 'utf8'));
  }
  return { text: text + description.slice(copied), mentions, positions };
}

import { CastType, type CastAddBody, type CastRemoveBody, type Embed } from '../gen/message.js';
import {
  checkCastId,
  checkFid,
  checkMessageHash,
  checkUrl,
  invalid,
  utf8Length,
  type Problem,
} from './checks.js';
import {
  EMBEDS_V1_CUTOFF,
  MAX_DEPRECATED_EMBEDS,
  MAX_EMBEDS,
  MAX_CAST_TEXT_BYTES,
  MAX_LONG_CAST_TEXT_BYTES,
  MAX_MENTIONS,
  MAX_TEN_K_CAST_TEXT_BYTES,
} from './limits.js';

interface TextRule {
  readonly min: number;
  readonly max: number;
  readonly tooShort: string;
  readonly tooLong: string;
}

/** Each cast type's text length in UTF-8 bytes, with core's texts (which format the numbers unevenly). */
const TEXT_RULES: ReadonlyMap<CastType, TextRule> = new Map([
  [
    CastType.CAST,
    { min: 0, max: MAX_CAST_TEXT_BYTES, tooShort: '', tooLong: `text > ${MAX_CAST_TEXT_BYTES} bytes` },
  ],
  [
    CastType.LONG_CAST,
    {
      min: MAX_CAST_TEXT_BYTES + 1,
      max: MAX_LONG_CAST_TEXT_BYTES,
      tooShort: 'text too short for long cast',
      tooLong: `text > ${MAX_LONG_CAST_TEXT_BYTES} bytes for long cast`,
    },
  ],
  [
    CastType.TEN_K_CAST,
    {
      min: MAX_LONG_CAST_TEXT_BYTES + 1,
      max: MAX_TEN_K_CAST_TEXT_BYTES,
      tooShort: 'text too short for 10k cast',
      tooLong: 'text > 10,000 bytes for 10k cast',
    },
  ],
]);

/** CastAdd body rules, in core's order so the first problem reported is the one core reports. */
export function checkCastAddBody(body: CastAddBody, timestamp: number): Problem {
  if (typeof body.text !== 'string') return invalid('text is missing');
  const textBytes = utf8Length(body.text, 'text');
  if (typeof textBytes !== 'number') return textBytes;
  return (
    checkTextLength(body, textBytes) ??
    checkCounts(body, timestamp < EMBEDS_V1_CUTOFF) ??
    checkEmbeds(body) ??
    checkMentions(body, textBytes) ??
    checkParent(body)
  );
}

function checkTextLength(body: CastAddBody, textBytes: number): Problem {
  const rule = TEXT_RULES.get(body.type);
  if (rule === undefined) return invalid('invalid cast type');
  if (textBytes > rule.max) return invalid(rule.tooLong);
  if (textBytes < rule.min) return invalid(rule.tooShort);
  return undefined;
}

function checkCounts(body: CastAddBody, allowDeprecatedEmbeds: boolean): Problem {
  if (body.embeds.length > MAX_EMBEDS) return invalid(`embeds > ${MAX_EMBEDS}`);
  if (allowDeprecatedEmbeds && body.embedsDeprecated.length > MAX_DEPRECATED_EMBEDS) {
    return invalid(`string embeds > ${MAX_DEPRECATED_EMBEDS}`);
  }
  if (!allowDeprecatedEmbeds && body.embedsDeprecated.length > 0) {
    return invalid('string embeds have been deprecated');
  }
  if (body.mentions.length > MAX_MENTIONS) return invalid(`mentions > ${MAX_MENTIONS}`);
  if (body.mentions.length !== body.mentionsPositions.length) {
    return invalid('mentions and mentionsPositions must match');
  }
  if (body.embeds.length > 0 && body.embedsDeprecated.length > 0) {
    return invalid('cannot use both embeds and string embeds');
  }
  if (body.parentUrl !== undefined && body.parentCastId !== undefined) {
    return invalid('cannot use both parentUrl and parentCastId');
  }
  const isEmpty =
    body.text.length === 0 &&
    body.embeds.length === 0 &&
    body.embedsDeprecated.length === 0 &&
    body.mentions.length === 0;
  return isEmpty ? invalid('cast is empty') : undefined;
}

function checkEmbeds(body: CastAddBody): Problem {
  for (const embed of body.embeds) {
    const problem = checkEmbed(embed);
    if (problem !== undefined) return problem;
  }
  for (const url of body.embedsDeprecated) {
    const problem = checkUrl(url);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

function checkEmbed(embed: Embed): Problem {
  if (embed.url !== undefined && embed.castId !== undefined) return invalid('cannot use both url and castId');
  if (embed.url !== undefined) return checkUrl(embed.url);
  if (embed.castId !== undefined) return checkCastId(embed.castId);
  return invalid('embed must have either url or castId');
}

/** Mention positions are byte offsets into the UTF-8 text, in non-decreasing order. */
function checkMentions(body: CastAddBody, textBytes: number): Problem {
  let previous = 0;
  for (const [i, mention] of body.mentions.entries()) {
    const problem = checkFid(mention);
    if (problem !== undefined) return problem;
    const position = body.mentionsPositions[i];
    if (typeof position !== 'number' || !Number.isInteger(position)) {
      return invalid('mentionsPositions must be integers');
    }
    if (position < 0 || position > textBytes) return invalid('mentionsPositions must be a position in text');
    if (position < previous) return invalid('mentionsPositions must be sorted in ascending order');
    previous = position;
  }
  return undefined;
}

function checkParent(body: CastAddBody): Problem {
  if (body.parentCastId !== undefined) return checkCastId(body.parentCastId);
  if (body.parentUrl !== undefined) return checkUrl(body.parentUrl);
  return undefined;
}

export function checkCastRemoveBody(body: CastRemoveBody): Problem {
  return checkMessageHash(body.targetHash);
}

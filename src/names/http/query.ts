import { NamesError, type NamesErrorCode } from '../errors.js';
import type { CurrentQuery } from '../registry.js';
import type { TransferFilter } from '../store.js';
import type { CurrentTransferQuery, TransfersQuery } from './schemas.js';

/**
 * Query parsing exactly as the reference does it, quirks included (docs/names.md): integers go through
 * parseInt and a result of 0 or NaN means the filter is absent; an empty value is absent too.
 */

export function transferFilterOf(query: TransfersQuery): TransferFilter {
  const filter: TransferFilter = {};
  const afterId = filterInteger(query.fromId ?? query.from_id);
  if (afterId !== undefined) filter.afterId = afterId;
  // Zero-padded names (as some clients send them) match their unpadded form.
  if (query.name) filter.name = query.name.replaceAll('\0', '');
  const fid = filterInteger(query.fid);
  if (fid !== undefined) filter.fid = fid;
  const afterTimestamp = filterInteger(query.from_ts);
  if (afterTimestamp !== undefined) filter.afterTimestamp = afterTimestamp;
  return filter;
}

function filterInteger(text: string | undefined): number | undefined {
  if (!text) return undefined;
  const value = Number.parseInt(text);
  if (!value) return undefined;
  return safeInteger(value, 'TRANSFERS_QUERY_INVALID');
}

/** `fid` wins over `name`; with neither, the latest transfer of all is asked for. */
export function currentQueryOf(query: CurrentTransferQuery): CurrentQuery {
  if (query.fid) {
    const fid = Number(query.fid);
    if (Number.isNaN(fid)) throw new NamesError('FID_NOT_A_NUMBER');
    return { fid: safeInteger(fid, 'TRANSFER_QUERY_INVALID') };
  }
  if (query.name) {
    // No stored name has a NUL (and PostgreSQL text cannot hold one); the reference fails such a query.
    if (query.name.includes('\0')) throw new NamesError('TRANSFER_QUERY_INVALID');
    return { name: query.name };
  }
  return {};
}

/** Values the database cannot compare exactly fail as the reference's database errors do. */
function safeInteger(value: number, code: NamesErrorCode): number {
  if (!Number.isSafeInteger(value)) throw new NamesError(code, { detail: `${value} is not a safe integer` });
  return value;
}

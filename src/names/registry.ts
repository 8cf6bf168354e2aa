import type { Address } from 'viem';
import { verifyUserNameProofClaim } from '../protocol/eip712/index.js';
import { normalizeHex, type Hex } from '../protocol/hex.js';
import { unixSeconds, type Clock } from '../shared/clock.js';
import type { CustodyLookup } from '../chain/custody.js';
import { NamesError } from './errors.js';
import type { NamesMetrics } from './metrics.js';
import type { ServerSigner } from './server-signer.js';
import type { TransferLimits } from './transfer-limits.js';
import {
  insertTransfer,
  latestTransfer,
  latestTransferOfFid,
  listTransfers,
  nameHeldBy,
  ping,
  withWriteLock,
  type NamesDatabase,
  type Transfer,
  type TransferFilter,
} from './store.js';
import {
  authorityOf,
  checkNameFormat,
  checkReserved,
  decide,
  parseOwner,
  type Authority,
  type RegistryPolicy,
  type TransferRequest,
} from './transfer-rules.js';

/** GET /transfers pages are this long; clients page by passing the last id as `from_id`. */
export const TRANSFERS_PAGE_SIZE = 100;

/** Which current transfer to find: a fid's name, a name, or (neither) the latest of all. */
export type CurrentQuery = { fid: number } | { name: string } | Record<string, never>;

export interface NameRegistry {
  readonly signerAddress: Address;
  /** During a key rotation, the key that signed the older transfers, until its announcement ends. */
  previousSignerAddress(): Address | undefined;
  /** Unix seconds by the server's clock, so clients can stay inside the timestamp window. */
  currentTime(): number;
  listTransfers(filter: TransferFilter): Promise<Transfer[]>;
  /** The latest transfer of the queried name; throws a 404 NamesError when no one holds it. */
  currentTransfer(query: CurrentQuery): Promise<Transfer>;
  /** Validates and stores a transfer; a repeat of the latest one returns it unchanged. */
  submit(request: TransferRequest, caller: Caller): Promise<Transfer>;
  /** Throws when the database cannot be reached. */
  ping(): Promise<void>;
}

/** Who sent a request, as the transport knows it. */
export interface Caller {
  ip: string;
}

export interface NameRegistryOptions {
  database: NamesDatabase;
  custody: CustodyLookup;
  signer: ServerSigner;
  /** The key before `signer`, announced on `/signer` until `until` (Unix seconds; for ever when absent). */
  previousSigner?: { address: Address; until: number | undefined } | undefined;
  clock: Clock;
  policy: RegistryPolicy;
  limits: TransferLimits;
  metrics?: NamesMetrics | undefined;
}

export function createNameRegistry(options: NameRegistryOptions): NameRegistry {
  const { database, custody, signer, clock, policy, limits, metrics } = options;
  const { db } = database;

  /**
   * Rules 1-5 (docs/names.md), which read no stored state, before the write lock is taken. The local ones
   * run first, so the chain is read only for a request whose signature checks out.
   */
  async function preflight(
    request: TransferRequest,
    caller: Caller,
  ): Promise<{ authority: Authority; owner: Hex }> {
    await limits.countIp(caller.ip);
    const authority = authorityOf(request, policy);
    checkReserved(request, authority, policy);
    const owner = parseOwner(request.owner);
    const claim = { name: request.name, timestamp: request.timestamp, owner };
    // Checked against `owner`. An admin signs with its own key instead: the outcome still names the
    // signer, compared with the admin fid's custody address once that is read.
    const verified = await verifyUserNameProofClaim(claim, request.signature);
    const signedBy = verified.ok ? verified.signer : verified.recovered;
    if (signedBy === undefined || (!verified.ok && !authority.admin)) {
      throw new NamesError('INVALID_SIGNATURE', { detail: verified.ok ? undefined : verified.message });
    }
    checkNameFormat(request.name);

    const custodyAddress = await custodyOf(authority.fid);
    if (custodyAddress === undefined || (!authority.admin && custodyAddress !== owner)) {
      throw new NamesError('INVALID_FID_OWNER', {
        detail: `owner is not the custody address of fid ${authority.fid}`,
      });
    }
    if (authority.admin && custodyAddress !== signedBy) {
      throw new NamesError('INVALID_SIGNATURE', { detail: `not signed by admin fid ${authority.fid}` });
    }
    if (!authority.admin) await limits.countFid(authority.fid);
    // A registration's receiver is the signing fid, whose custody was just read.
    if (request.to !== 0 && request.to !== authority.fid && (await custodyOf(request.to)) === undefined) {
      throw new NamesError('RECEIVER_NOT_REGISTERED', { detail: `fid ${request.to} is not registered` });
    }
    return { authority, owner };
  }

  async function custodyOf(fid: number): Promise<Hex | undefined> {
    try {
      return await custody.custodyOf(fid);
    } catch (cause) {
      throw new NamesError('CHAIN_UNAVAILABLE', { cause });
    }
  }

  /** Validates the transfer and stores it, unless it repeats the latest one. */
  async function store(
    request: TransferRequest,
    caller: Caller,
  ): Promise<{ transfer: Transfer; stored: boolean }> {
    const { authority, owner } = await preflight(request, caller);
    const { name, timestamp } = request;
    // Signed before the lock is taken, so writers hold it only for their reads and writes.
    const serverSignature = await signer.sign({ name, timestamp, owner });
    // The signature check accepted it, so it is hex.
    const userSignature = normalizeHex(request.signature) as Hex;
    return withWriteLock(database, async (trx, lastId) => {
      const state = {
        latest: await latestTransfer(trx, name),
        heldByReceiver: request.to === 0 ? undefined : await nameHeldBy(trx, request.to),
      };
      const nowSeconds = unixSeconds(clock);
      const decision = decide(request, owner, state, { authority, nowSeconds, policy });
      if (decision.kind === 'repeat') return { transfer: decision.transfer, stored: false };
      const transfer = await insertTransfer(trx, lastId, {
        timestamp,
        username: name,
        owner,
        from: request.from,
        to: request.to,
        userSignature,
        serverSignature,
        requesterFid: request.fid || undefined,
        createdAt: clock.now(),
      });
      return { transfer, stored: true };
    });
  }

  return {
    signerAddress: signer.address,
    previousSignerAddress() {
      const previous = options.previousSigner;
      if (previous === undefined) return undefined;
      return previous.until === undefined || unixSeconds(clock) < previous.until
        ? previous.address
        : undefined;
    },
    currentTime: () => unixSeconds(clock),
    listTransfers: (filter) => listTransfers(db, filter, TRANSFERS_PAGE_SIZE),

    async currentTransfer(query) {
      if ('fid' in query) {
        if (query.fid <= 0) throw new NamesError('NAME_NOT_RESOLVED');
        // The fid's name now; when it holds none (moved away, unregistered), its most recent transfer
        // (spec §4.8: "the most recent transfer event for that name or fid").
        const name = await nameHeldBy(db, query.fid);
        const transfer =
          name === undefined ? await latestTransferOfFid(db, query.fid) : await latestTransfer(db, name);
        if (transfer === undefined) throw new NamesError('NAME_NOT_RESOLVED');
        return transfer;
      }
      const transfer = await latestTransfer(db, 'name' in query ? query.name : undefined);
      if (transfer === undefined || transfer.to === 0) throw new NamesError('TRANSFER_NOT_FOUND');
      return transfer;
    },

    async submit(request, caller) {
      try {
        const { transfer, stored } = await store(request, caller);
        if (stored) metrics?.stored(transfer);
        return transfer;
      } catch (error) {
        if (error instanceof NamesError) metrics?.refused(error.code);
        throw error;
      }
    },

    ping: () => ping(database),
  };
}

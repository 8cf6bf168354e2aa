/** Signed key request tables (src/storage/migrations/social/signed-key-requests.ts). Times are UNIX seconds. */

export type SignedKeyRequestState = 'pending' | 'approved' | 'completed';

export interface SignedKeyRequestsTable {
  /** `0x` + 32 lowercase hex characters, random. */
  token: string;
  /** 32-byte Ed25519 public key the app wants to sign with. */
  key: Uint8Array;
  request_fid: number;
  /** Lowercase custody address of request_fid that signed the request (the metadata's requestSigner). */
  request_signer: string;
  /** The 65-byte EIP-712 SignedKeyRequest signature. */
  signature: Uint8Array;
  deadline: number;
  redirect_url: string | null;
  sponsor_fid: number | null;
  state: SignedKeyRequestState;
  /** Set when an approval claims the request (the fid of fidOwner); shown once approved. */
  user_fid: number | null;
  /** Set while one approval relays: the claim that keeps a second approval from relaying too. */
  relaying_since: number | null;
  /** The addFor transaction of the current or successful relay, `0x` hex. */
  tx_hash: string | null;
  created_at: number;
  approved_at: number | null;
  completed_at: number | null;
}

/** Operator-maintained warps balance per fid: sponsors need at least 100 (spec §5.4, §8). */
export interface WarpsTable {
  fid: number;
  warps: number;
  updated_at: number;
}

export interface SignedKeyRequestTables {
  signed_key_requests: SignedKeyRequestsTable;
  warps: WarpsTable;
}

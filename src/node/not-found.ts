import { bytesToHex } from '../protocol/hex.js';

/**
 * The details of each read's `not_found`, one text per miss for both transports: the reference's texts
 * (node-api.md §3.1) where it has one.
 */
export const notFound = {
  cast: (fid: number) => `castAddMessage not found for ${fid}`,
  reaction: (fid: number) => `reactionAddMessage not found for ${fid}`,
  link: (fid: number) => `Link Add Message not found for ${fid}`,
  userData: () => 'NotFound: UserDataAdd message not found',
  verification: (fid: number) => `NotFound: verificationAddMessage not found for ${fid}`,
  usernameProof: (name: string) => `NotFound: UserNameProof not found for ${name}`,
  onChainSigner: () => 'no such active signer',
  /** Snapchain's GetSigner text. */
  signer: () => 'Active signer not found',
  idRegisterEventByAddress: (address: Uint8Array) =>
    `NotFound: no id registry event for ${bytesToHex(address)}`,
  idRegisterEvent: (fid: number) => `NotFound: no id registry event for fid ${fid}`,
  event: (id: number) => `NotFound: event ${id} not found`,
};

import { makeMessage } from '../../protocol/builder.js';
import { createEd25519Signer, type Ed25519Signer } from '../../protocol/ed25519.js';
import { makeEthAddressClaim, signEthAddressClaim } from '../../protocol/eip712/index.js';
import type { FarcasterNetwork } from '../../protocol/gen/message.js';
import {
  CastType,
  MessageType,
  Protocol,
  ReactionType,
  type CastId,
  type Message,
  type MessageData,
  type UserDataType,
} from '../../protocol/gen/message.js';
import { hexToBytes, type Hex } from '../../protocol/hex.js';
import { toFarcasterTime } from '../../protocol/time.js';

/** Builds the signed messages of one account (its fid and one of its signers), with Agora's own protocol code. */
export interface Author {
  fid: number;
  cast(text: string, where?: { channelUrl?: string; replyTo?: CastId }): Message;
  follow(targetFid: number): Message;
  react(type: 'like' | 'recast', target: CastId): Message;
  userData(type: UserDataType, value: string): Message;
  /** Verifies `address` for the fid, the claim signed by that address's key. */
  verifyEthAddress(address: Hex, addressKey: Hex, blockHash: Hex): Promise<Message>;
}

export function authorOf(fid: number, signerKey: Hex, network: FarcasterNetwork): Author {
  const seed = hexToBytes(signerKey, 32);
  if (seed === undefined) throw new TypeError('a signer key is a 32-byte Ed25519 seed');
  const signer: Ed25519Signer = createEd25519Signer(seed);
  const sign = (fields: Omit<MessageData, 'fid' | 'timestamp' | 'network'>) =>
    makeMessage({ fid, timestamp: toFarcasterTime(Date.now()) ?? 0, network, ...fields }, signer);
  return {
    fid,
    cast: (text, where = {}) =>
      sign({
        type: MessageType.CAST_ADD,
        castAddBody: {
          text,
          type: CastType.CAST,
          embeds: [],
          embedsDeprecated: [],
          mentions: [],
          mentionsPositions: [],
          ...(where.channelUrl !== undefined && { parentUrl: where.channelUrl }),
          ...(where.replyTo !== undefined && { parentCastId: where.replyTo }),
        },
      }),
    follow: (targetFid) => sign({ type: MessageType.LINK_ADD, linkBody: { type: 'follow', targetFid } }),
    react: (type, target) =>
      sign({
        type: MessageType.REACTION_ADD,
        reactionBody: {
          type: type === 'like' ? ReactionType.LIKE : ReactionType.RECAST,
          targetCastId: target,
        },
      }),
    userData: (type, value) => sign({ type: MessageType.USER_DATA_ADD, userDataBody: { type, value } }),
    async verifyEthAddress(address, addressKey, blockHash) {
      const claim = makeEthAddressClaim(fid, address, network, blockHash);
      if (!claim.ok) throw new TypeError(claim.message);
      const claimSignature = await signEthAddressClaim(claim.value, addressKey);
      return sign({
        type: MessageType.VERIFICATION_ADD_ETH_ADDRESS,
        verificationAddAddressBody: {
          address: hexToBytes(address, 20)!,
          blockHash: hexToBytes(blockHash, 32)!,
          claimSignature: hexToBytes(claimSignature)!,
          verificationType: 0,
          chainId: 0,
          protocol: Protocol.ETHEREUM,
        },
      });
    },
  };
}

/** The id a reply or reaction names a cast by. */
export function castIdOf(message: Message): CastId {
  return { fid: message.data!.fid, hash: message.hash };
}

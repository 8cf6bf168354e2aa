import { Type, type Static } from '@sinclair/typebox';

/**
 * Request and response schemas of the name registry. Responses list their keys in the reference's order,
 * which Fastify's serializer keeps. Query parameters are plain strings: the reference's parsing quirks
 * (0 or NaN means no filter) are applied in query.ts, not by schema validation.
 */

const fid = (description: string) =>
  Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER, description });

export const TransferJson = Type.Object({
  id: Type.Integer({ description: 'Transfer id, increasing in the order transfers were accepted' }),
  timestamp: Type.Integer({ description: 'Unix seconds, as signed by the client' }),
  username: Type.String(),
  owner: Type.String({ description: 'Address that signed the claim, 0x + 40 lowercase hex' }),
  from: Type.Integer({ description: 'Previous fid; 0 for a registration' }),
  to: Type.Integer({ description: 'New fid; 0 for an unregistration' }),
  user_signature: Type.String({ description: 'EIP-712 UserNameProof signature by the owner, 0x hex' }),
  server_signature: Type.String({ description: "The registry's signature of the same claim, 0x hex" }),
});
export type TransferJson = Static<typeof TransferJson>;

export const TransfersResponse = Type.Object({ transfers: Type.Array(TransferJson) });
export const TransferResponse = Type.Object({ transfer: TransferJson });
export const CurrentTransferResponse = Type.Object({
  transfers: Type.Array(TransferJson),
  transfer: TransferJson,
});

const optionalText = (description: string) => Type.Optional(Type.String({ description }));

export const TransfersQuery = Type.Object({
  from_id: optionalText('Only transfers with a larger id'),
  fromId: optionalText('Alias of from_id; wins when both are given'),
  name: optionalText('Only transfers of this name (NUL characters are removed)'),
  fid: optionalText('Only transfers from or to this fid'),
  from_ts: optionalText('Only transfers with a later timestamp; orders by timestamp, then id'),
});
export type TransfersQuery = Static<typeof TransfersQuery>;

export const CurrentTransferQuery = Type.Object({
  fid: optionalText("The fid's current name"),
  name: optionalText('The name (used when fid is absent)'),
});
export type CurrentTransferQuery = Static<typeof CurrentTransferQuery>;

export const TransferBody = Type.Object({
  name: Type.String({ description: 'The name to register, transfer or unregister' }),
  from: fid('Fid the name moves from; 0 to register'),
  to: fid('Fid the name moves to; 0 to unregister'),
  fid: Type.Optional(fid('Fid making the request: `to` for a registration, `from` otherwise')),
  owner: Type.String({ description: 'Custody address of the requesting fid, 0x hex' }),
  timestamp: Type.Integer({
    minimum: 0,
    maximum: Number.MAX_SAFE_INTEGER,
    description:
      'Unix seconds; at most 600 s behind and 60 s (--max-timestamp-ahead-seconds) ahead of the server time',
  }),
  signature: Type.String({ description: 'EIP-712 UserNameProof signature of {name, timestamp, owner}' }),
});
export type TransferBody = Static<typeof TransferBody>;

export const SignerResponse = Type.Object({
  signer: Type.String({ description: 'Checksummed address of the key signing accepted transfers' }),
  previousSigner: Type.Optional(
    Type.String({
      description:
        'Agora only, during a key rotation (--previous-signer-address): checksummed address of the key that signed older transfers',
    }),
  ),
});
export const CurrentTimeResponse = Type.Object({
  currentTime: Type.Integer({ description: 'Unix seconds' }),
});

import { Type, type Static, type TInteger } from '@sinclair/typebox';
import { resultOf } from './envelope.js';
import { Fid } from './common-schemas.js';

/** Request and response schemas of the signed key request routes (spec §2.16, §4.7). */

const HEX = '^0x([0-9a-fA-F]{2})*$';
const UnixSeconds = Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER });
/**
 * Clients send `requestFid` and `deadline` as numbers or as decimal strings (reference social-api §4.7);
 * JSON bodies are not coerced, so the schema names both and the route converts them.
 */
const numberOrDigits = <T extends TInteger>(integer: T) =>
  Type.Union([integer, Type.String({ pattern: '^[0-9]{1,16}$' })]);
const Signature = Type.String({ pattern: HEX, minLength: 4, maxLength: 4096 });
const Token = Type.String({ minLength: 1, maxLength: 128 });

export const CreateSignedKeyRequestBody = Type.Object({
  key: Type.String({ pattern: '^0x[0-9a-fA-F]{64}$', description: 'Ed25519 public key, 0x + 64 hex' }),
  requestFid: numberOrDigits(Fid),
  deadline: numberOrDigits(UnixSeconds),
  signature: Signature,
  redirectUrl: Type.Optional(Type.String({ minLength: 1, maxLength: 2048 })),
  sponsorship: Type.Optional(Type.Object({ sponsorFid: Fid, signature: Signature })),
});
export type CreateSignedKeyRequestBody = Static<typeof CreateSignedKeyRequestBody>;

export const TokenQuery = Type.Object({ token: Token });

export const ApprovalDataQuery = Type.Object({
  token: Token,
  fidOwner: Type.String({ pattern: '^0x[0-9a-fA-F]{40}$' }),
});

export const ApproveBody = Type.Object({
  token: Token,
  fidOwner: Type.String({ pattern: '^0x[0-9a-fA-F]{40}$' }),
  deadline: UnixSeconds,
  signature: Signature,
});

export const SignedKeyRequestObject = Type.Object({
  token: Type.String(),
  deeplinkUrl: Type.String(),
  key: Type.String(),
  state: Type.Union([Type.Literal('pending'), Type.Literal('approved'), Type.Literal('completed')]),
  requestFid: Type.Integer(),
  isSponsored: Type.Boolean(),
  userFid: Type.Optional(Type.Integer()),
});

export const SignedKeyRequestResponse = resultOf(Type.Object({ signedKeyRequest: SignedKeyRequestObject }));

const TypedDataField = Type.Object({ name: Type.String(), type: Type.String() });

export const ApprovalDataResponse = resultOf(
  Type.Object({
    typedData: Type.Object({
      domain: Type.Object({
        name: Type.String(),
        version: Type.String(),
        chainId: Type.Optional(Type.Integer()),
        verifyingContract: Type.Optional(Type.String()),
      }),
      types: Type.Record(Type.String(), Type.Array(TypedDataField)),
      primaryType: Type.String(),
      message: Type.Record(Type.String(), Type.Union([Type.String(), Type.Integer()])),
    }),
    userFid: Type.Integer(),
  }),
);

/** Admin bodies list exactly their fields, so a misspelling is a 400, never silently ignored. */
export const WarpsBody = Type.Object(
  { fid: Fid, warps: Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER }) },
  { additionalProperties: false },
);

/**
 * Every error the social API answers with: one code, HTTP status and default message each (docs/social.md
 * has the same table). Bodies are `{"errors":[{"message", "code"}]}` (DESIGN.md §5); a thrown error may
 * replace the message with a more specific one, never the status.
 */

interface ErrorDefinition {
  status: number;
  message: string;
}

export const SOCIAL_ERRORS = {
  // Request faults.
  INVALID_REQUEST: { status: 400, message: 'Invalid request' },
  BAD_CURSOR: { status: 400, message: 'Invalid cursor' },
  UNAUTHENTICATED: { status: 401, message: 'Must provide Authorization header with Bearer token' },
  INVALID_TOKEN: { status: 401, message: 'Invalid auth token' },
  ADMIN_UNAUTHENTICATED: { status: 401, message: 'Must provide the admin bearer token' },
  FORBIDDEN: { status: 403, message: 'Not permitted' },
  ROUTE_NOT_FOUND: { status: 404, message: 'Not found' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'Request body is too large' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Content-Type must be application/json' },
  RATE_LIMITED: { status: 429, message: 'Farcaster client rate limit exceeded' },
  // Resources.
  CHANNEL_NOT_FOUND: { status: 404, message: 'Channel does not exist' },
  CAST_NOT_FOUND: { status: 404, message: 'Cast does not exist' },
  // Channels and roles.
  CHANNEL_EXISTS: { status: 409, message: 'A channel with this id or url already exists' },
  INVITE_NOT_FOUND: { status: 404, message: 'No outstanding invite for this channel and role' },
  INVITEE_NOT_FOLLOWING: {
    status: 409,
    message: 'User must follow channel or inviter to be invited as member',
  },
  INVITEE_NOT_MEMBER: { status: 409, message: 'User must be a channel member to be invited as moderator' },
  MODERATOR_LIMIT: { status: 409, message: 'A channel can have at most 10 moderators and moderator invites' },
  USER_BANNED: { status: 409, message: 'User is banned from this channel' },
  // Moderation, pins, blocks.
  CAST_NOT_IN_CHANNEL: { status: 403, message: 'The cast is not in a channel, so no one moderates it' },
  CANNOT_BLOCK_SELF: { status: 400, message: 'You cannot block or unblock yourself' },
  // Signed key requests.
  SIGNED_KEY_REQUEST_NOT_FOUND: { status: 404, message: 'Signed key request does not exist' },
  FID_NOT_REGISTERED: { status: 400, message: 'The fid is not registered on chain' },
  INVALID_KEY_REQUEST_SIGNATURE: {
    status: 400,
    message: 'The signature is not a SignedKeyRequest signature by the custody address of requestFid',
  },
  INVALID_SPONSORSHIP: {
    status: 400,
    message: 'The sponsorship signature is not by the custody address of sponsorFid',
  },
  SPONSOR_NOT_ELIGIBLE: { status: 403, message: 'The sponsor needs at least 100 warps' },
  KEY_REQUEST_EXPIRED: { status: 400, message: 'The signed key request deadline has passed' },
  NOT_FID_OWNER: { status: 400, message: 'fidOwner is not the custody address of an fid' },
  INVALID_APPROVAL_SIGNATURE: {
    status: 400,
    message: "The signature is not fidOwner's KeyGateway Add signature for this request",
  },
  APPROVAL_EXPIRED: { status: 400, message: 'The approval deadline has passed' },
  ALREADY_APPROVED: { status: 409, message: 'The signed key request is already approved' },
  APPROVAL_IN_PROGRESS: { status: 409, message: 'The signed key request is being approved' },
  RELAY_REVERTED: { status: 409, message: 'The KeyGateway.addFor transaction reverted' },
  RELAYER_UNAVAILABLE: { status: 503, message: 'The service cannot relay approvals right now' },
  APP_RELAY_QUOTA: { status: 429, message: 'The requesting app has used its quota of relayed approvals' },
  USER_RELAY_QUOTA: { status: 429, message: 'The user has used their quota of relayed approvals' },
  RELAY_BUDGET_SPENT: { status: 429, message: "The service's budget of relayed approvals is spent" },
  RELAYER_BALANCE_LOW: {
    status: 503,
    message: "The relayer's balance is below its floor; the operator must fund it",
  },
  // Verifications, rewards, addresses, starter packs, actions.
  REWARDS_PERIOD_NOT_FOUND: { status: 404, message: 'No rewards period that many periods ago' },
  REWARDS_PERIOD_OVERLAP: { status: 409, message: 'The period overlaps a published period' },
  PRIMARY_ADDRESS_NOT_FOUND: { status: 404, message: 'The user has no address for this protocol' },
  STARTER_PACK_NOT_FOUND: { status: 404, message: 'Starter pack does not exist' },
  ACTION_NOT_FOUND: { status: 404, message: 'Action does not exist' },
  ACTION_EXISTS: { status: 409, message: 'An action with this id already exists' },
  // Server faults.
  NODE_UNAVAILABLE: { status: 503, message: 'The node could not be reached; try again' },
  CHAIN_UNAVAILABLE: { status: 503, message: 'The chain could not be reached; try again' },
  INTERNAL_ERROR: { status: 500, message: 'Internal server error' },
} as const satisfies Record<string, ErrorDefinition>;

export type SocialErrorCode = keyof typeof SOCIAL_ERRORS;

/** A failure with a registered code; `statusCode` lets the shared HTTP layer classify it. */
export class SocialError extends Error {
  override readonly name = 'SocialError';
  readonly statusCode: number;
  /** Sent with the response (rate-limit headers). */
  readonly headers: Record<string, string> | undefined;

  constructor(
    readonly code: SocialErrorCode,
    options?: { message?: string; cause?: unknown; headers?: Record<string, string> },
  ) {
    super(options?.message ?? SOCIAL_ERRORS[code].message, { cause: options?.cause });
    this.statusCode = SOCIAL_ERRORS[code].status;
    this.headers = options?.headers;
  }
}

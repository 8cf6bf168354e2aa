import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { Transaction } from 'kysely';
import { HubEvent, HubEventType } from '../../protocol/gen/hub_event.js';
import { UserNameProof, UserNameType } from '../../protocol/gen/username_proof.js';
import { FARCASTER_EPOCH_MS } from '../../protocol/time.js';
import { forEachDialect, openTestDatabase } from '../../storage/testing.js';
import type { TestDatabase } from '../../storage/testing.js';
import { eventsPage } from '../events/event-log.js';
import { address, fixedClock } from '../onchain/testing.js';
import type { NodeTables } from '../store/schema.js';
import { fnameProofOf, fnameProofsOf, mergeFnameProof, replaceFnameProof } from './proof-store.js';
import type { RevokeUsername } from './proof-store.js';
import { writeTransaction } from '../store/write-transaction.js';

const clock = fixedClock(FARCASTER_EPOCH_MS + 100_000_000_000);
const CONFLICT = 'event conflicts with a more recent UserNameProof';

function proof(name: string, fid: number, timestamp: number, signatureByte = 1): UserNameProof {
  return UserNameProof.fromPartial({
    name: new TextEncoder().encode(name),
    fid,
    timestamp,
    owner: address(fid),
    signature: new Uint8Array(65).fill(signatureByte),
    type: UserNameType.USERNAME_TYPE_FNAME,
  });
}

forEachDialect('fname proof store', (dialect) => {
  let database: TestDatabase<NodeTables>;
  before(async () => {
    database = await openTestDatabase<NodeTables>(dialect, 'node');
  });
  after(() => database.cleanup());

  /** Revocations as the engine would report them, with who held the name when each ran. */
  const revocations: { fid: number; name: string; holderDuring: number | undefined }[] = [];
  const revokeUsername: RevokeUsername = async (trx, fid, name) => {
    revocations.push({ fid, name, holderDuring: (await fnameProofOf(trx, name))?.fid });
    return [HubEvent.fromPartial({ type: HubEventType.REVOKE_MESSAGE })];
  };
  const merge = (incoming: UserNameProof) =>
    mergeFnameProof(database.db, incoming, { clock, revokeUsername });

  async function merged(incoming: UserNameProof): Promise<HubEvent[]> {
    const result = await merge(incoming);
    assert.ok(result.ok, `expected success, got ${JSON.stringify(result)}`);
    return result.value;
  }

  async function rejected(incoming: UserNameProof, errCode: string, message: string) {
    const before = await eventsPage(database.db, 0, 1000);
    assert.deepEqual(await merge(incoming), { ok: false, error: { errCode, message } });
    assert.deepEqual(await eventsPage(database.db, 0, 1000), before, 'a rejection emits nothing');
  }

  it('stores a new proof and emits MERGE_USERNAME_PROOF with it in the same transaction', async () => {
    const alice = proof('alice', 1, 1000);
    const [event, ...rest] = await merged(alice);
    assert.deepEqual(rest, []);
    assert.equal(event?.type, HubEventType.MERGE_USERNAME_PROOF);
    assert.deepEqual(event?.mergeUsernameProofBody?.usernameProof, alice);
    assert.equal(event?.mergeUsernameProofBody?.deletedUsernameProof, undefined);
    const { events } = await eventsPage(database.db, event?.id ?? 0);
    assert.deepEqual(events, [event]);
    assert.deepEqual(await fnameProofOf(database.db, 'alice'), alice);
    assert.deepEqual(await fnameProofsOf(database.db, 1), [alice]);
  });

  it('rejects the same proof as a duplicate and an older one as a conflict', async () => {
    await rejected(proof('alice', 1, 1000), 'bad_request.duplicate', 'username proof already exists');
    await rejected(proof('alice', 2, 999), 'bad_request.conflict', CONFLICT);
    assert.equal((await fnameProofOf(database.db, 'alice'))?.fid, 1);
  });

  it('replaces a proof with a newer one for the same fid without revoking anything', async () => {
    const newer = proof('alice', 1, 1000, 2); // same second, greater signature bytes
    const [event, ...rest] = await merged(newer);
    assert.deepEqual(rest, []);
    assert.deepEqual(event?.mergeUsernameProofBody?.deletedUsernameProof, proof('alice', 1, 1000));
    assert.deepEqual(revocations, []);
    assert.deepEqual(await fnameProofOf(database.db, 'alice'), newer);
  });

  it('revokes the old fid in the transaction when the name moves, and appends its events', async () => {
    const moved = proof('alice', 3, 2000);
    const [event, revocation] = await merged(moved);
    assert.deepEqual(event?.mergeUsernameProofBody?.usernameProof, moved);
    assert.deepEqual(event?.mergeUsernameProofBody?.deletedUsernameProof, proof('alice', 1, 1000, 2));
    assert.equal(revocation?.type, HubEventType.REVOKE_MESSAGE);
    assert.ok((revocation?.id ?? 0) > (event?.id ?? 0), 'the revocation follows the merge');
    assert.deepEqual((await eventsPage(database.db, event?.id ?? 0)).events, [event, revocation]);
    assert.deepEqual(revocations.splice(0), [{ fid: 1, name: 'alice', holderDuring: 3 }]);
    assert.deepEqual(await fnameProofsOf(database.db, 1), []);
    assert.deepEqual(await fnameProofsOf(database.db, 3), [moved]);
  });

  it('deletes the proof for fid 0, announcing both sides, and revokes the last holder', async () => {
    const unregister = proof('alice', 0, 3000);
    const [event, revocation] = await merged(unregister);
    assert.deepEqual(event?.mergeUsernameProofBody?.usernameProof, unregister);
    assert.deepEqual(event?.mergeUsernameProofBody?.deletedUsernameProof, proof('alice', 3, 2000));
    assert.equal(revocation?.type, HubEventType.REVOKE_MESSAGE);
    assert.deepEqual(revocations.splice(0), [{ fid: 3, name: 'alice', holderDuring: undefined }]);
    assert.equal(await fnameProofOf(database.db, 'alice'), undefined);
    await rejected(proof('alice', 0, 4000), 'bad_request.conflict', 'proof does not exist');
    await rejected(proof('nobody', 0, 4000), 'bad_request.conflict', 'proof does not exist');
  });

  it('decides proofs of the same second by signature bytes, in either arrival order', async () => {
    const [lower, greater] = [proof('frank', 11, 5000, 1), proof('frank', 12, 5000, 9)];
    await merged(lower);
    await merged(greater);
    assert.deepEqual(await fnameProofOf(database.db, 'frank'), greater);

    const [lateLower, earlyGreater] = [proof('grace', 11, 5000, 1), proof('grace', 12, 5000, 9)];
    await merged(earlyGreater);
    await rejected(lateLower, 'bad_request.conflict', CONFLICT);
    assert.deepEqual(await fnameProofOf(database.db, 'grace'), earlyGreater);
    revocations.splice(0);
  });

  it('takes an unregister in the same second as the registration only with greater signature bytes', async () => {
    // Lower bytes: the registration stays, whichever arrives first.
    await rejected(proof('dave', 0, 5000, 1), 'bad_request.conflict', 'proof does not exist');
    await merged(proof('dave', 7, 5000, 5));
    await rejected(proof('dave', 0, 5000, 1), 'bad_request.conflict', CONFLICT);
    assert.deepEqual(await fnameProofOf(database.db, 'dave'), proof('dave', 7, 5000, 5));
    // Greater bytes: it deletes the registration.
    const [event] = await merged(proof('dave', 0, 5000, 9));
    assert.deepEqual(event?.mergeUsernameProofBody?.deletedUsernameProof, proof('dave', 7, 5000, 5));
    assert.equal(await fnameProofOf(database.db, 'dave'), undefined);
    revocations.splice(0);
  });

  it('rolls the whole merge back when the revocation fails', async () => {
    await merged(proof('bob', 4, 1000));
    const failing = async () => {
      throw new Error('engine failed');
    };
    await assert.rejects(
      mergeFnameProof(database.db, proof('bob', 5, 2000), { clock, revokeUsername: failing }),
      /engine failed/,
    );
    assert.equal((await fnameProofOf(database.db, 'bob'))?.fid, 4);
  });

  it("joins the caller's transaction", async () => {
    await assert.rejects(
      writeTransaction(database.db, async (trx: Transaction<NodeTables>) => {
        assert.ok((await mergeFnameProof(trx, proof('carol', 6, 1000), { clock, revokeUsername })).ok);
        throw new Error('caller rolls back');
      }),
      /caller rolls back/,
    );
    assert.equal(await fnameProofOf(database.db, 'carol'), undefined);
  });

  it('lists the proofs of an fid newest first', async () => {
    const [older, newer] = [proof('dave', 7, 1000), proof('dave2', 7, 1500)];
    await merged(older);
    await merged(newer);
    assert.deepEqual(await fnameProofsOf(database.db, 7), [newer, older]);
  });

  it('refuses malformed proofs', async () => {
    const invalid = async (incoming: UserNameProof, problem: string) =>
      rejected(incoming, 'bad_request.validation_failure', `invalid fname proof: ${problem}`);
    await invalid(
      { ...proof('erin', 8, 1), type: UserNameType.USERNAME_TYPE_ENS_L1 },
      'type must be USERNAME_TYPE_FNAME',
    );
    await invalid({ ...proof('erin', 8, 1), owner: new Uint8Array(19) }, 'owner must be 20 bytes');
    await invalid({ ...proof('erin', 8, 1), name: new Uint8Array() }, 'name is empty');
    await invalid({ ...proof('erin', 8, 1), name: new Uint8Array([0xff]) }, 'name is not UTF-8');
    await invalid({ ...proof('erin', 8, 1), fid: -1 }, 'fid must be a non-negative integer');
  });

  it('replaces a proof whatever its age, removes one without a new proof, and keeps an identical one', async () => {
    const replace = (name: string, incoming: UserNameProof | undefined) =>
      writeTransaction(database.db, (trx) =>
        replaceFnameProof(trx, name, incoming, { clock, revokeUsername }),
      );
    await merged(proof('heidi', 20, 9000));
    assert.deepEqual(await replace('heidi', proof('heidi', 20, 9000)), [], 'the same proof: nothing');

    const older = proof('heidi', 21, 100); // the registry went back: an older proof for another fid wins
    const [event, revocation] = await replace('heidi', older);
    assert.deepEqual(event?.mergeUsernameProofBody?.usernameProof, older);
    assert.deepEqual(event?.mergeUsernameProofBody?.deletedUsernameProof, proof('heidi', 20, 9000));
    assert.equal(revocation?.type, HubEventType.REVOKE_MESSAGE);
    assert.deepEqual(await fnameProofOf(database.db, 'heidi'), older);

    const [removal, revoked] = await replace('heidi', undefined);
    assert.equal(removal?.mergeUsernameProofBody?.usernameProof, undefined);
    assert.deepEqual(removal?.mergeUsernameProofBody?.deletedUsernameProof, older);
    assert.equal(revoked?.type, HubEventType.REVOKE_MESSAGE);
    assert.deepEqual((await eventsPage(database.db, removal?.id ?? 0)).events, [removal, revoked]);
    assert.equal(await fnameProofOf(database.db, 'heidi'), undefined);
    assert.deepEqual(await replace('heidi', undefined), [], 'nothing to remove');
    assert.deepEqual(
      revocations.splice(0).map(({ fid, name }) => `${name}:${fid}`),
      ['heidi:20', 'heidi:21'],
    );
  });
});

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { HubEventType } from '../../protocol/gen/hub_event.js';
import {
  IdRegisterEventType,
  OnChainEvent,
  OnChainEventType,
  SignerEventType,
} from '../../protocol/gen/onchain_event.js';
import { bytesToHex } from '../../protocol/hex.js';
import { FARCASTER_EPOCH_MS } from '../../protocol/time.js';
import { forEachDialect, openTestDatabase } from '../../storage/testing.js';
import type { TestDatabase } from '../../storage/testing.js';
import { eventById } from '../events/event-log.js';
import type { NodeTables } from '../store/schema.js';
import { mergeOnChainEvents } from './merge.js';
import type { OnChainMergeResult } from './merge.js';
import {
  activeSignerEvent,
  activeSignerEvents,
  fidOfCustodyAddress,
  fidRegistration,
  idRegisterEventByAddress,
  isActiveSigner,
  onChainEvents,
} from './queries.js';
import {
  address,
  fixedClock,
  idRegisterEvent,
  queuedRevocations,
  registerEvent,
  rentEvent,
  signerEvent,
  signerKey,
  transferEvent,
} from './testing.js';
import { writeTransaction } from '../store/write-transaction.js';

const clock = fixedClock(FARCASTER_EPOCH_MS + 100_000_000_000);
const { ADD, REMOVE, ADMIN_RESET } = SignerEventType;

function accepted(result: OnChainMergeResult | undefined) {
  assert.ok(result?.ok, `expected success, got ${JSON.stringify(result)}`);
  return result.value;
}

function rejected(result: OnChainMergeResult | undefined, errCode: string, message: string) {
  assert.ok(result !== undefined && !result.ok, 'expected a rejection');
  assert.deepEqual(result.error, { errCode, message });
}

forEachDialect('on-chain merge', (dialect) => {
  let database: TestDatabase<NodeTables>;
  before(async () => {
    database = await openTestDatabase<NodeTables>(dialect, 'node');
  });
  after(() => database.cleanup());

  const merge = (...events: OnChainEvent[]) => mergeOnChainEvents(database.db, events, clock);
  const mergeOne = async (event: OnChainEvent) => (await merge(event))[0];
  const allOfType = async (fid: number, type: OnChainEventType) =>
    (await onChainEvents(database.db, fid, type, { limit: 100 })).items;

  describe('every merge', () => {
    it('stores the event and emits MERGE_ON_CHAIN_EVENT with it in the same transaction', async () => {
      const event = registerEvent(1, address(1), { block: 10 });
      const { hubEventId } = accepted(await mergeOne(event));
      const hubEvent = await eventById(database.db, hubEventId);
      assert.equal(hubEvent?.type, HubEventType.MERGE_ON_CHAIN_EVENT);
      assert.deepEqual(hubEvent?.mergeOnChainEventBody?.onChainEvent, event);
      assert.deepEqual(await allOfType(1, OnChainEventType.EVENT_TYPE_ID_REGISTER), [event]);
    });

    it('rejects a second copy as a duplicate, also within one batch, and emits nothing for it', async () => {
      const event = rentEvent(2, 1, 1_725_000_000, { block: 11 });
      const [first, second] = await merge(event, event);
      const { hubEventId } = accepted(first);
      rejected(second, 'bad_request.duplicate', 'onChainEvent already exists');
      rejected(await mergeOne(event), 'bad_request.duplicate', 'onChainEvent already exists');
      const events = await database.db
        .selectFrom('hub_events')
        .select('id')
        .where('id', '>', hubEventId)
        .execute();
      assert.deepEqual(events, []);
    });

    it('answers each event of a batch in order, with increasing hub event ids for the accepted ones', async () => {
      const bad = OnChainEvent.fromPartial({ ...registerEvent(3, address(3), { block: 12 }), type: 0 });
      const results = await merge(
        registerEvent(3, address(3), { block: 12 }),
        bad,
        signerEvent(3, signerKey(3), ADD, { block: 12, log: 1 }),
      );
      assert.equal(results.length, 3);
      const [first, , third] = results;
      rejected(results[1], 'bad_request.validation_failure', 'invalid onChainEvent: invalid event type');
      assert.ok(accepted(first).hubEventId < accepted(third).hubEventId);
    });

    it('keeps nothing when the caller rolls its transaction back', async () => {
      await assert.rejects(
        writeTransaction(database.db, async (trx) => {
          accepted((await mergeOnChainEvents(trx, [registerEvent(4, address(4), { block: 13 })], clock))[0]);
          throw new Error('caller fails');
        }),
        /caller fails/,
      );
      assert.equal(await fidRegistration(database.db, 4), undefined);
      assert.deepEqual(await allOfType(4, OnChainEventType.EVENT_TYPE_ID_REGISTER), []);
    });

    it('rejects malformed events', async () => {
      const signer = signerEvent(5, signerKey(5), ADD, { block: 14 });
      const cases: [OnChainEvent, string][] = [
        [OnChainEvent.fromPartial({ ...signer, signerEventBody: undefined }), 'signerEventBody is missing'],
        [OnChainEvent.fromPartial({ ...signer, blockHash: new Uint8Array(3) }), 'blockHash must be 32 bytes'],
        [OnChainEvent.fromPartial({ ...signer, fid: 0 }), 'fid must be positive'],
        [
          OnChainEvent.fromPartial({ ...signer, signerEventBody: { key: signerKey(5), eventType: 0 } }),
          'unknown signer event type',
        ],
        [
          OnChainEvent.fromPartial({
            ...signer,
            type: OnChainEventType.EVENT_TYPE_SIGNER_MIGRATED,
            signerMigratedEventBody: { migratedAt: 1 },
          }),
          'fid must be 0 for signer migrated events',
        ],
        [
          idRegisterEvent(5, IdRegisterEventType.TRANSFER, { block: 14 }, {}),
          'custody address (to) must be 20 bytes',
        ],
      ];
      for (const [event, problem] of cases) {
        rejected(await mergeOne(event), 'bad_request.validation_failure', `invalid onChainEvent: ${problem}`);
      }
    });

    it('stores SIGNER_MIGRATED (fid 0) and STORAGE_RENT events with their fields', async () => {
      const migrated = OnChainEvent.fromPartial({
        ...signerEvent(1, signerKey(0), ADD, { block: 15 }),
        type: OnChainEventType.EVENT_TYPE_SIGNER_MIGRATED,
        fid: 0,
        signerEventBody: undefined,
        signerMigratedEventBody: { migratedAt: 1_695_000_000 },
      });
      const rent = rentEvent(6, 3, 1_725_000_000, { block: 15, log: 1 });
      accepted(await mergeOne(migrated));
      accepted(await mergeOne(rent));
      assert.deepEqual(await allOfType(0, OnChainEventType.EVENT_TYPE_SIGNER_MIGRATED), [migrated]);
      assert.deepEqual(await allOfType(6, OnChainEventType.EVENT_TYPE_STORAGE_RENT), [rent]);
      const row = await database.db
        .selectFrom('onchain_events')
        .select(['units', 'block_timestamp'])
        .where('type', '=', OnChainEventType.EVENT_TYPE_STORAGE_RENT)
        .where('fid', '=', 6)
        .executeTakeFirstOrThrow();
      assert.deepEqual(row, { units: 3, block_timestamp: 1_725_000_000 });
    });
  });

  describe('ID_REGISTER', () => {
    it('sets custody and recovery by fid and by address on REGISTER', async () => {
      const event = registerEvent(100, address(100), { block: 20 }, address(101));
      accepted(await mergeOne(event));
      assert.deepEqual(await fidRegistration(database.db, 100), {
        custodyAddress: address(100),
        recoveryAddress: address(101),
      });
      assert.equal(await fidOfCustodyAddress(database.db, address(100)), 100);
      assert.deepEqual(await idRegisterEventByAddress(database.db, address(100)), event);
      assert.equal(await fidRegistration(database.db, 99_999), undefined);
    });

    for (const order of ['in chain order', 'newest first', 'transfer before register']) {
      it(`follows the newest REGISTER/TRANSFER whatever the arrival order (${order})`, async () => {
        const fid = 110 + ['in chain order', 'newest first', 'transfer before register'].indexOf(order);
        const [a, b, c] = [address(fid * 10), address(fid * 10 + 1), address(fid * 10 + 2)];
        const register = registerEvent(fid, a, { block: 30 }, address(7));
        const toB = transferEvent(fid, a, b, { block: 35 });
        const toC = transferEvent(fid, b, c, { block: 35, log: 4 });
        const arrival =
          order === 'in chain order'
            ? [register, toB, toC]
            : order === 'newest first'
              ? [toC, toB, register]
              : [toB, toC, register];
        for (const event of arrival) accepted(await mergeOne(event));

        assert.deepEqual(await fidRegistration(database.db, fid), {
          custodyAddress: c,
          recoveryAddress: address(7),
        });
        assert.equal(await fidOfCustodyAddress(database.db, c), fid);
        // Addresses the fid moved away from no longer map to it.
        assert.equal(await fidOfCustodyAddress(database.db, a), undefined);
        assert.equal(await fidOfCustodyAddress(database.db, b), undefined);
        assert.deepEqual(await idRegisterEventByAddress(database.db, c), toC);
        assert.equal(await idRegisterEventByAddress(database.db, a), undefined);
        // Every event is stored, the late older ones included.
        assert.deepEqual(await allOfType(fid, OnChainEventType.EVENT_TYPE_ID_REGISTER), [register, toB, toC]);
      });
    }

    it('takes recovery from the newest REGISTER or CHANGE_RECOVERY, whatever the arrival order', async () => {
      const change = (block: number, recovery: Uint8Array) =>
        idRegisterEvent(120, IdRegisterEventType.CHANGE_RECOVERY, { block }, { recovery });
      // A CHANGE_RECOVERY alone registers nothing.
      accepted(await mergeOne(change(42, address(3))));
      assert.equal(await fidRegistration(database.db, 120), undefined);
      accepted(await mergeOne(registerEvent(120, address(120), { block: 40 }, address(1))));
      assert.deepEqual((await fidRegistration(database.db, 120))?.recoveryAddress, address(3));
      accepted(await mergeOne(change(41, address(2))));
      assert.deepEqual((await fidRegistration(database.db, 120))?.recoveryAddress, address(3));
      // A transfer keeps the recovery address.
      accepted(await mergeOne(transferEvent(120, address(120), address(121), { block: 43 })));
      assert.deepEqual(await fidRegistration(database.db, 120), {
        custodyAddress: address(121),
        recoveryAddress: address(3),
      });
    });

    it('maps an address to the fid whose custody event is newest', async () => {
      const shared = address(130);
      // Fid 131 took the address at block 50 and left it at 55; fid 132 got it at 60. The leaving
      // transfer arrives last.
      accepted(await mergeOne(registerEvent(132, shared, { block: 60 })));
      accepted(await mergeOne(registerEvent(131, shared, { block: 50 })));
      assert.equal(await fidOfCustodyAddress(database.db, shared), 132);
      accepted(await mergeOne(transferEvent(131, shared, address(133), { block: 55 })));
      assert.equal(await fidOfCustodyAddress(database.db, shared), 132);
      assert.equal(await fidOfCustodyAddress(database.db, address(133)), 131);
    });
  });

  describe('SIGNER', () => {
    it('activates a key on ADD and serves its ADD event', async () => {
      const add = signerEvent(200, signerKey(1), ADD, { block: 70 });
      const result = accepted(await mergeOne(add));
      assert.equal(result.deactivatedSigner, undefined);
      assert.equal(await isActiveSigner(database.db, 200, signerKey(1)), true);
      assert.equal(await isActiveSigner(database.db, 201, signerKey(1)), false);
      assert.deepEqual(await activeSignerEvent(database.db, 200, signerKey(1)), add);
      assert.deepEqual((await activeSignerEvents(database.db, 200, { limit: 10 })).items, [add]);
    });

    it('deactivates a key on REMOVE, keeping what it signed (decision 0008)', async () => {
      accepted(await mergeOne(signerEvent(210, signerKey(1), ADD, { block: 70 })));
      const result = accepted(await mergeOne(signerEvent(210, signerKey(1), REMOVE, { block: 71 })));
      assert.equal(result.deactivatedSigner, undefined);
      assert.deepEqual(await queuedRevocations(database.db, 210), []);
      assert.equal(await isActiveSigner(database.db, 210, signerKey(1)), false);
      assert.equal(await activeSignerEvent(database.db, 210, signerKey(1)), undefined);
      assert.deepEqual((await activeSignerEvents(database.db, 210, { limit: 10 })).items, []);
    });

    it('rejects re-adding a removed key, and stores nothing for it', async () => {
      accepted(await mergeOne(signerEvent(220, signerKey(1), ADD, { block: 70 })));
      accepted(await mergeOne(signerEvent(220, signerKey(1), REMOVE, { block: 71 })));
      const readd = signerEvent(220, signerKey(1), ADD, { block: 72 });
      rejected(await mergeOne(readd), 'bad_request.conflict', 'attempting to re-add removed key');
      assert.equal(await isActiveSigner(database.db, 220, signerKey(1)), false);
      assert.equal((await allOfType(220, OnChainEventType.EVENT_TYPE_SIGNER)).length, 2);
    });

    it('accepts an ADD older than a stored REMOVE (late arrival) and keeps the key removed', async () => {
      const remove = signerEvent(230, signerKey(1), REMOVE, { block: 71 });
      const add = signerEvent(230, signerKey(1), ADD, { block: 70 });
      accepted(await mergeOne(remove));
      const late = accepted(await mergeOne(add));
      assert.equal(late.deactivatedSigner, undefined);
      assert.deepEqual(await queuedRevocations(database.db, 230), [], 'the key never signed anything');
      assert.equal(await isActiveSigner(database.db, 230, signerKey(1)), false);
      assert.deepEqual(await allOfType(230, OnChainEventType.EVENT_TYPE_SIGNER), [add, remove]);
    });

    it('allows an ADD in a new registry version after a REMOVE in the old one', async () => {
      accepted(await mergeOne(signerEvent(235, signerKey(1), ADD, { block: 70 }, { version: 1 })));
      accepted(await mergeOne(signerEvent(235, signerKey(1), REMOVE, { block: 71 }, { version: 1 })));
      accepted(await mergeOne(signerEvent(235, signerKey(1), ADD, { block: 72 }, { version: 2 })));
      assert.equal(await isActiveSigner(database.db, 235, signerKey(1)), true);
    });

    it('stores an ADD of another key type without making it an active signer', async () => {
      accepted(await mergeOne(signerEvent(240, signerKey(2), ADD, { block: 70 }, { keyType: 2 })));
      assert.equal(await isActiveSigner(database.db, 240, signerKey(2)), false);
      assert.equal(await activeSignerEvent(database.db, 240, signerKey(2)), undefined);
      assert.equal((await allOfType(240, OnChainEventType.EVENT_TYPE_SIGNER)).length, 1);
    });

    describe('ADMIN_RESET (decision 0005: back to the contract NULL state)', () => {
      it('deactivates an added key and lets it be added again', async () => {
        accepted(await mergeOne(signerEvent(250, signerKey(1), ADD, { block: 70 })));
        const reset = accepted(await mergeOne(signerEvent(250, signerKey(1), ADMIN_RESET, { block: 71 })));
        // Unlike a removal, a reset revokes what the key signed: its revocation is queued.
        assert.deepEqual(reset.deactivatedSigner, signerKey(1));
        assert.deepEqual(await queuedRevocations(database.db, 250), [bytesToHex(signerKey(1))]);
        assert.equal(await isActiveSigner(database.db, 250, signerKey(1)), false);
        const readd = signerEvent(250, signerKey(1), ADD, { block: 72 });
        accepted(await mergeOne(readd));
        assert.equal(await isActiveSigner(database.db, 250, signerKey(1)), true);
        assert.deepEqual(await activeSignerEvent(database.db, 250, signerKey(1)), readd);
      });

      it('gives the same state when the ADD arrives after its reset', async () => {
        accepted(await mergeOne(signerEvent(251, signerKey(1), ADMIN_RESET, { block: 71 })));
        assert.equal(await isActiveSigner(database.db, 251, signerKey(1)), false);
        accepted(await mergeOne(signerEvent(251, signerKey(1), ADD, { block: 70 })));
        assert.equal(await isActiveSigner(database.db, 251, signerKey(1)), false);
      });

      it('does not undo a removal', async () => {
        accepted(await mergeOne(signerEvent(252, signerKey(1), ADD, { block: 70 })));
        accepted(await mergeOne(signerEvent(252, signerKey(1), REMOVE, { block: 71 })));
        accepted(await mergeOne(signerEvent(252, signerKey(1), ADMIN_RESET, { block: 72 })));
        assert.equal(await isActiveSigner(database.db, 252, signerKey(1)), false);
        rejected(
          await mergeOne(signerEvent(252, signerKey(1), ADD, { block: 73 })),
          'bad_request.conflict',
          'attempting to re-add removed key',
        );
      });
    });

    it('pages active signers and events of a type in chain order, both ways', async () => {
      const adds = [5, 1, 4, 2, 3].map((n) => signerEvent(260, signerKey(n), ADD, { block: 80 + n }));
      await merge(...adds, signerEvent(260, signerKey(3), REMOVE, { block: 90 }));
      const active = adds
        .filter((event) => event.blockNumber !== 83)
        .sort((x, y) => x.blockNumber - y.blockNumber);

      const first = await activeSignerEvents(database.db, 260, { limit: 3 });
      assert.deepEqual(first.items, active.slice(0, 3));
      assert.deepEqual(first.next, { blockNumber: 84, logIndex: 0 });
      const second = await activeSignerEvents(database.db, 260, { limit: 3, after: first.next });
      assert.deepEqual(second, { items: active.slice(3), next: undefined });
      const reversed = await activeSignerEvents(database.db, 260, { limit: 2, reverse: true });
      assert.deepEqual(reversed.items, [...active].reverse().slice(0, 2));

      const all = await onChainEvents(database.db, 260, OnChainEventType.EVENT_TYPE_SIGNER, { limit: 4 });
      assert.deepEqual(
        all.items.map((event) => event.blockNumber),
        [81, 82, 83, 84],
      );
      const rest = await onChainEvents(database.db, 260, OnChainEventType.EVENT_TYPE_SIGNER, {
        limit: 4,
        after: all.next,
      });
      assert.deepEqual(
        rest.items.map((event) => event.blockNumber),
        [85, 90],
      );
      assert.equal(rest.next, undefined);
    });
  });

  if (dialect === 'postgres') {
    it('keeps signer state right when two processes merge the same key concurrently', async () => {
      const other = await database.reopen();
      const keys = Array.from({ length: 20 }, (_, index) => signerKey(index + 1));
      // One log index per key: events sharing (type, fid, block, log index) would be duplicates.
      const adds = keys.map((key, log) => signerEvent(300, key, ADD, { block: 100, log }));
      const removes = keys.map((key, log) => signerEvent(300, key, REMOVE, { block: 101, log }));
      // Each process merges one event per key; interleaved batches race on every key.
      const results = await Promise.all(
        keys.flatMap((_, index) => [
          mergeOnChainEvents(database.db, [adds[index] as OnChainEvent], clock),
          mergeOnChainEvents(other.db, [removes[index] as OnChainEvent], clock),
        ]),
      );
      for (const [result] of results) accepted(result);
      for (const key of keys) assert.equal(await isActiveSigner(database.db, 300, key), false);
      const states = await database.db.selectFrom('signers').select('state').where('fid', '=', 300).execute();
      assert.deepEqual(new Set(states.map((row) => row.state)), new Set(['removed']));
    });
  }
});

/**
 * The message engine with the rest of the node: accounts from on-chain events, merges, a signer removal
 * that revokes, all in one event log; and concurrent writers on two database handles (two processes).
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { HubEventType } from '../src/protocol/gen/hub_event.js';
import { SignerEventType } from '../src/protocol/gen/onchain_event.js';
import { eventsPage } from '../src/node/events/index.js';
import {
  castAdd,
  clock,
  engineFixture,
  hex,
  link,
  mergedEvent,
  reaction,
  testEngine,
} from '../src/node/engine/testing.js';
import { mergeOnChainEvents } from '../src/node/onchain/index.js';
import { signerEvent } from '../src/node/onchain/testing.js';
import { forEachDialect } from '../src/storage/testing.js';

forEachDialect('message engine with the node', (dialect) => {
  const fixture = engineFixture(dialect);
  const { account } = fixture;

  it('logs on-chain merges, message merges and the revocation a signer reset causes, in order', async () => {
    const alice = await account(1);
    const messages = [castAdd(alice, 'gm', 300), link(alice, true, 2, 200)];
    for (const outcome of await fixture.engine.mergeMessages(messages)) mergedEvent(outcome);
    // A reset revokes the key's messages (decision 0005); a removal would keep them (decision 0008).
    const [reset] = await mergeOnChainEvents(
      fixture.database.db,
      [signerEvent(alice.fid, alice.signer.publicKey, SignerEventType.ADMIN_RESET, { block: 100 })],
      clock,
    );
    assert.ok(reset?.ok && reset.value.deactivatedSigner !== undefined);
    await fixture.engine.revokeSigner(alice.fid, reset.value.deactivatedSigner);

    const { events } = await eventsPage(fixture.database.db, 0, 100);
    const { MERGE_ON_CHAIN_EVENT, MERGE_MESSAGE, REVOKE_MESSAGE } = HubEventType;
    assert.deepEqual(
      events.map((event) => event.type),
      [
        ...[MERGE_ON_CHAIN_EVENT, MERGE_ON_CHAIN_EVENT, MERGE_ON_CHAIN_EVENT],
        ...[MERGE_MESSAGE, MERGE_MESSAGE],
        MERGE_ON_CHAIN_EVENT,
        ...[REVOKE_MESSAGE, REVOKE_MESSAGE],
      ],
    );
    assert.deepEqual(
      events.slice(-2).map((event) => hex(event.revokeMessageBody?.message)),
      messages.map((message) => hex(message.message)),
    );
    const ids = events.map((event) => event.id);
    assert.deepEqual(
      ids,
      [...ids].sort((a, b) => a - b),
    );
  });

  // better-sqlite3 waits for a lock synchronously, so two handles in one process would block each other.
  const twoProcesses =
    dialect === 'postgres' ? {} : { skip: 'SQLite handles in one process cannot interleave' };
  it(
    'resolves concurrent writers on one key from two database handles without errors',
    twoProcesses,
    async () => {
      const bob = await account(2);
      const other = testEngine((await fixture.database.reopen()).db);
      const pairs = Array.from({ length: 12 }, (_, n) => {
        const target = { url: `https://example.com/${n}` };
        return { target, add: reaction(bob, true, target, 200), remove: reaction(bob, false, target, 100) };
      });
      // Each key's add and remove go to different handles at the same time; the later remove must win.
      const outcomes = await Promise.all(
        pairs.flatMap(({ add, remove }) => [
          fixture.engine.mergeMessages([add]),
          other.mergeMessages([remove]),
        ]),
      );
      for (const [outcome] of outcomes) {
        assert.ok(outcome?.ok || outcome?.error.errCode === 'bad_request.conflict', JSON.stringify(outcome));
      }
      for (const { target, remove } of pairs) {
        const stored = await fixture.database.db
          .selectFrom('messages')
          .select('hash')
          .where('fid', '=', bob.fid)
          .where('target_url', '=', Buffer.from(target.url))
          .execute();
        assert.deepEqual(
          stored.map((row) => hex(row)),
          [hex(remove.message)],
        );
      }
    },
  );
});

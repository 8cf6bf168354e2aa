import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { getAddress } from 'viem';
import { publishPeriod, WEEK_MS } from '../src/social/catalog/rewards.js';
import { putUserData, putVerification } from '../src/social/node-index/store.js';
import type { SocialTables } from '../src/social/store.js';
import { openSocialHarness, TEST_ADMIN_TOKEN, type SocialHarness } from '../src/social/testing.js';
import { forEachDialect, type TestDatabase } from '../src/storage/testing.js';

const ADMIN = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };
const WALLET = getAddress('0x8ba1f109551bd432803012645ac136ddd64dba72');
const NEW_WALLET = getAddress('0xde0b295669a9fd93d5f28d9ec85e40f4cb697bae');
// The test clock starts on Monday 2024-01-01 00:00 UTC.
const CREATOR_END = Date.UTC(2023, 11, 26, 16); // the Tuesday before, 16:00 UTC
const DEVELOPER_END = Date.UTC(2023, 11, 27, 16); // the Wednesday before, 16:00 UTC

forEachDialect('rewards winners', (dialect) => {
  let harness: SocialHarness;
  before(async () => {
    harness = await openSocialHarness(dialect);
    await putVerification(harness.database.db, {
      fid: 1,
      protocol: 'ethereum',
      address: WALLET,
      verifiedAt: 1,
    });
  });
  after(() => harness.close());

  const publish = (payload: object, headers: Record<string, string> = ADMIN) =>
    harness.app.inject({ method: 'POST', url: '/admin/rewards-periods', headers, payload });
  const history = (kind: string, query = '') =>
    harness.app.inject({ method: 'GET', url: `/v1/${kind}-rewards-winner-history${query}` });
  const winners = [
    { fid: 1, score: 10, rank: 2, rewardCents: 500 },
    { fid: 2, score: 20, rank: 1, rewardCents: 1000 },
    { fid: 3, score: 5, rank: 3, rewardCents: 100 },
  ];

  it('answers 404 while no period is published', async () => {
    const response = await history('creator');
    assert.equal(response.statusCode, 404);
    assert.deepEqual(response.json(), {
      errors: [{ message: 'No creator rewards period 0 period(s) ago', code: 'REWARDS_PERIOD_NOT_FOUND' }],
    });
  });

  it('publishes the week that ended last Tuesday 16:00 UTC when no bounds are given', async () => {
    const response = await publish({ kind: 'creator', winners });
    assert.equal(response.statusCode, 200, response.body);
    assert.deepEqual(response.json(), {
      result: { success: true, periodStartTimestamp: CREATOR_END - WEEK_MS, periodEndTimestamp: CREATOR_END },
    });
  });

  it('serves the period with winners in rank order, walletAddress only for winners with a wallet', async () => {
    // A later address change does not rewrite history: wallets are taken when the period is published.
    await putVerification(harness.database.db, {
      fid: 1,
      protocol: 'ethereum',
      address: NEW_WALLET,
      verifiedAt: 2,
    });
    await putUserData(harness.database.db, 1, 11, NEW_WALLET);
    const response = await history('creator');
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), {
      result: {
        periodStartTimestamp: CREATOR_END - WEEK_MS,
        periodEndTimestamp: CREATOR_END,
        winners: [
          { fid: 2, score: 20, rank: 1, rewardCents: 1000 },
          { fid: 1, score: 10, rank: 2, rewardCents: 500, walletAddress: WALLET },
          { fid: 3, score: 5, rank: 3, rewardCents: 100 },
        ],
      },
    });
  });

  it('pages through the winners', async () => {
    const first = await history('creator', '?limit=2');
    assert.deepEqual(
      first.json().result.winners.map((w: { fid: number }) => w.fid),
      [2, 1],
    );
    const second = await history(
      'creator',
      `?limit=2&cursor=${encodeURIComponent(first.json().next.cursor)}`,
    );
    assert.equal(second.json().result.periodEndTimestamp, CREATOR_END);
    assert.deepEqual(
      second.json().result.winners.map((w: { fid: number }) => w.fid),
      [3],
    );
    assert.equal(second.json().next, undefined);
  });

  it('serves older periods by periodsAgo and 404 beyond the history', async () => {
    const older = {
      periodStartTimestamp: CREATOR_END - 2 * WEEK_MS,
      periodEndTimestamp: CREATOR_END - WEEK_MS,
    };
    const response = await publish({
      kind: 'creator',
      ...older,
      winners: [{ fid: 9, score: 1, rank: 1, rewardCents: 1 }],
    });
    assert.equal(response.statusCode, 200);
    assert.deepEqual((await history('creator', '?periodsAgo=1')).json(), {
      result: { ...older, winners: [{ fid: 9, score: 1, rank: 1, rewardCents: 1 }] },
    });
    assert.equal((await history('creator', '?periodsAgo=0')).json().result.periodEndTimestamp, CREATOR_END);
    assert.equal((await history('creator', '?periodsAgo=2')).statusCode, 404);
  });

  it('replaces the winners when the same period is published again', async () => {
    const again = await publish({
      kind: 'creator',
      winners: [{ fid: 4, score: 7, rank: 1, rewardCents: 70 }],
    });
    assert.equal(again.statusCode, 200);
    assert.deepEqual((await history('creator')).json().result.winners, [
      { fid: 4, score: 7, rank: 1, rewardCents: 70 },
    ]);
  });

  it('refuses a period overlapping a published one with 409', async () => {
    const day = 24 * 3600 * 1000;
    const response = await publish({
      kind: 'creator',
      periodStartTimestamp: CREATOR_END - WEEK_MS - day,
      periodEndTimestamp: CREATOR_END - day,
      winners: [],
    });
    assert.equal(response.statusCode, 409);
    assert.deepEqual(response.json(), {
      errors: [
        {
          message: `The period overlaps the published creator period starting at ${CREATOR_END - 2 * WEEK_MS}`,
          code: 'REWARDS_PERIOD_OVERLAP',
        },
      ],
    });
  });

  it('serves developer winners with domain and frameName, apart from creator periods', async () => {
    assert.equal((await history('developer')).statusCode, 404);
    const response = await publish({
      kind: 'developer',
      winners: [{ fid: 1, score: 3, rank: 1, rewardCents: 300, domain: 'app.example', frameName: 'Example' }],
    });
    assert.equal(response.statusCode, 200);
    assert.deepEqual((await history('developer')).json(), {
      result: {
        periodStartTimestamp: DEVELOPER_END - WEEK_MS,
        periodEndTimestamp: DEVELOPER_END,
        winners: [
          {
            fid: 1,
            domain: 'app.example',
            frameName: 'Example',
            score: 3,
            rank: 1,
            rewardCents: 300,
            walletAddress: NEW_WALLET,
          },
        ],
      },
    });
  });

  it('rejects bad publishes with 400 and publishes without the admin token with 401', async () => {
    const start = CREATOR_END - 10 * WEEK_MS;
    const cases: [object, string | undefined][] = [
      [
        { kind: 'creator', periodStartTimestamp: start, winners },
        'Give both periodStartTimestamp and periodEndTimestamp, or neither',
      ],
      [
        { kind: 'creator', periodStartTimestamp: start, periodEndTimestamp: start + 1000, winners },
        'A rewards period is one week (604800000 ms) long',
      ],
      [
        {
          kind: 'creator',
          periodStartTimestamp: harness.clock.now(),
          periodEndTimestamp: harness.clock.now() + WEEK_MS,
          winners,
        },
        'Only a finished period can be published',
      ],
      [{ kind: 'creator', winners: [winners[0], winners[0]] }, 'fid 1 is listed twice'],
      [
        { kind: 'creator', winners: [{ ...winners[0], domain: 'a.b', frameName: 'x' }] },
        'Creator winner fid 1 may not have domain or frameName',
      ],
      [
        { kind: 'developer', winners: [{ ...winners[0], domain: 'a.b' }] },
        'Developer winner fid 1 needs domain and frameName',
      ],
      [{ kind: 'other', winners }, undefined],
      [{ kind: 'creator', winners: [{ ...winners[0], rank: 0 }] }, undefined],
      [{ kind: 'creator', winners: [{ ...winners[0], walletAddress: WALLET }] }, undefined],
      [{ kind: 'creator' }, undefined],
    ];
    for (const [body, message] of cases) {
      const response = await publish(body);
      assert.equal(response.statusCode, 400, JSON.stringify(body));
      assert.equal(response.json().errors[0].code, 'INVALID_REQUEST');
      if (message !== undefined) assert.equal(response.json().errors[0].message, message);
    }
    assert.equal((await publish({ kind: 'creator', winners }, {})).statusCode, 401);
    for (const query of ['?periodsAgo=-1', '?periodsAgo=abc', '?periodsAgo=1.5', '?cursor=x']) {
      assert.equal((await history('creator', query)).statusCode, 400, query);
    }
  });

  it('lets one of two overlapping publishes racing (from two handles on PostgreSQL) win', async () => {
    const other =
      dialect === 'postgres'
        ? await (harness.database as TestDatabase<SocialTables>).reopen()
        : harness.database;
    const hour = 3600 * 1000;
    const base = CREATOR_END - 20 * WEEK_MS;
    for (let round = 0; round < 4; round++) {
      const start = base - round * 3 * WEEK_MS;
      const outcomes = await Promise.allSettled([
        publishPeriod(harness.database.db, harness.clock, {
          kind: 'creator',
          periodStartTimestamp: start,
          periodEndTimestamp: start + WEEK_MS,
          winners,
        }),
        publishPeriod(other.db, harness.clock, {
          kind: 'creator',
          periodStartTimestamp: start + hour,
          periodEndTimestamp: start + hour + WEEK_MS,
          winners,
        }),
      ]);
      const failures = outcomes.filter((outcome) => outcome.status === 'rejected');
      assert.equal(failures.length, 1);
      assert.equal((failures[0]?.reason as { code?: string }).code, 'REWARDS_PERIOD_OVERLAP');
    }
  });
});

import assert from 'node:assert/strict';
import { it } from 'node:test';
import { createAnswerCache } from './answer-cache.js';

it('keeps every section within one budget, pushing out the least recently read of any', () => {
  const cache = createAnswerCache(300);
  const answers = cache.section<string, string>('answers');
  const messages = cache.section<number, string>('messages');
  const held = () => {
    const stats = cache.stats();
    return ['answers', 'messages'].map((kind) => stats.get(kind)).map((s) => [s?.bytes, s?.evictions]);
  };
  answers.set('a', 'answer a', 100);
  messages.set(1, 'message 1', 100);
  answers.set('b', 'answer b', 100);
  assert.equal(answers.get('a'), 'answer a', 'read: it gets another turn');
  // A fourth is over: answer a is passed over, message 1 goes.
  messages.set(2, 'message 2', 100);
  assert.equal(messages.get(1), undefined);
  assert.deepEqual(held(), [
    [200, 0],
    [100, 1],
  ]);
  // Then the oldest of either section go, answer b and message 2, the last kept never.
  messages.set(3, 'message 3', 150);
  assert.deepEqual(held(), [
    [100, 1],
    [150, 2],
  ]);
  assert.deepEqual(
    [answers.get('a'), answers.get('b'), messages.get(3)],
    ['answer a', undefined, 'message 3'],
  );
});

it('never pushes out the entry it keeps, even when every other one was read', () => {
  const cache = createAnswerCache(200);
  const section = cache.section<number, string>('messages');
  section.set(1, 'one', 100);
  section.set(2, 'two', 100);
  section.get(1);
  section.get(2);
  section.set(3, 'three', 100);
  assert.equal(section.get(3), 'three');
  assert.equal(section.stats().entries, 2);
});

it('keeps nothing larger than the budget, and nothing at all with a budget of 0', () => {
  const cache = createAnswerCache(100);
  const section = cache.section<string, string>('answers');
  section.set('k', 'small', 10);
  assert.equal(section.set('k', 'too large', 101), false);
  assert.equal(section.get('k'), undefined, 'what it replaced is gone too');
  const none = createAnswerCache(0).section<string, string>('answers');
  assert.equal(none.set('k', 'anything', 1), false);
  assert.equal(none.stats().entries, 0);
});

it('is one section per kind, counting hits and misses as its users count them', () => {
  const cache = createAnswerCache(100);
  cache.section<string, string>('answers').count(true);
  cache.section<string, string>('answers').count(false);
  cache.section<string, string>('answers').count(true);
  assert.deepEqual(cache.stats().get('answers'), {
    hits: 2,
    misses: 1,
    evictions: 0,
    bytes: 0,
    entries: 0,
  });
});

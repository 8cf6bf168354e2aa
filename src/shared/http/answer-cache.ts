/**
 * What a service keeps rendered in memory (its kept answers and, on the node, each message's JSON), under
 * one budget of bytes (`--answer-cache-mb`). Each kind of entry has a section with keys of its own; the
 * budget counts every section, so one that grows pushes out the least recently read entries of any.
 *
 * Eviction is second chance (nearly least recently used): a read only marks its entry, and the oldest
 * entry goes unless it was read since it was kept or last passed over, in which case it gets another turn.
 */

/** What one section holds and has done since the cache was made. */
export interface SectionStats {
  /** Reads answered from the section. */
  hits: number;
  /** Reads the section could not answer, which built (or rendered) what they send. */
  misses: number;
  /** Entries pushed out to keep the budget. */
  evictions: number;
  /** Bytes the budget counts for the section's entries. */
  bytes: number;
  entries: number;
}

/** Entries of one kind, keyed as that kind needs. */
export interface CacheSection<K, V> {
  /** The value kept under `key`, marked as read; undefined when none is. */
  get(key: K): V | undefined;
  /**
   * Keeps `value` under `key` in place of what was there, counted as `size` bytes, pushing out older
   * entries until the budget holds. A value larger than the whole budget is not kept (false).
   */
  set(key: K, value: V, size: number): boolean;
  delete(key: K): void;
  /** Counts one read: answered from the section (a hit), or not (a miss). */
  count(hit: boolean): void;
  stats(): SectionStats;
}

export interface AnswerCache {
  /** The budget, in bytes, shared by every section. */
  readonly capacity: number;
  /** The section of `kind`: the same one for every call with that kind, so their keys meet. */
  section<K, V>(kind: string): CacheSection<K, V>;
  /** Each section's stats, by kind. */
  stats(): Map<string, SectionStats>;
}

interface Slot<V> {
  value: V;
  size: number;
  /** Read since it was kept or last passed over. */
  used: boolean;
  /** When it was kept or last passed over, across all sections: each section's map is in this order. */
  turn: number;
}

interface SectionState {
  slots: Map<unknown, Slot<unknown>>;
  counts: Omit<SectionStats, 'entries'>;
}

export const MiB = 1024 * 1024;

export function createAnswerCache(capacity: number): AnswerCache {
  const sections = new Map<string, { state: SectionState; section: CacheSection<unknown, unknown> }>();
  let bytes = 0;
  let turns = 0;

  const remove = (state: SectionState, key: unknown, slot: Slot<unknown>) => {
    state.slots.delete(key);
    state.counts.bytes -= slot.size;
    bytes -= slot.size;
  };

  /** The section whose oldest entry is the oldest of all, with that entry. */
  const oldest = () => {
    let found: { state: SectionState; key: unknown; slot: Slot<unknown> } | undefined;
    for (const { state } of sections.values()) {
      const first = state.slots.entries().next();
      if (first.done === true) continue;
      const [key, slot] = first.value;
      if (found === undefined || slot.turn < found.slot.turn) found = { state, key, slot };
    }
    return found;
  };

  /** Pushes out entries until the budget holds; never `kept`, the entry just kept, which fits alone. */
  const evict = (kept: Slot<unknown>) => {
    while (bytes > capacity) {
      const next = oldest();
      if (next === undefined) return;
      const { state, key, slot } = next;
      state.slots.delete(key);
      if (slot.used || slot === kept) {
        slot.used = false;
        slot.turn = turns++;
        state.slots.set(key, slot);
      } else {
        state.counts.bytes -= slot.size;
        bytes -= slot.size;
        state.counts.evictions += 1;
      }
    }
  };

  const makeSection = (state: SectionState): CacheSection<unknown, unknown> => ({
    get(key) {
      const slot = state.slots.get(key);
      if (slot === undefined) return undefined;
      slot.used = true;
      return slot.value;
    },
    set(key, value, size) {
      const old = state.slots.get(key);
      if (old !== undefined) remove(state, key, old);
      if (size > capacity) return false;
      const slot = { value, size, used: false, turn: turns++ };
      state.slots.set(key, slot);
      state.counts.bytes += size;
      bytes += size;
      evict(slot);
      return true;
    },
    delete(key) {
      const slot = state.slots.get(key);
      if (slot !== undefined) remove(state, key, slot);
    },
    count(hit) {
      if (hit) state.counts.hits += 1;
      else state.counts.misses += 1;
    },
    stats: () => ({ ...state.counts, entries: state.slots.size }),
  });

  return {
    capacity,
    section<K, V>(kind: string) {
      let entry = sections.get(kind);
      if (entry === undefined) {
        const state: SectionState = {
          slots: new Map(),
          counts: { hits: 0, misses: 0, evictions: 0, bytes: 0 },
        };
        entry = { state, section: makeSection(state) };
        sections.set(kind, entry);
      }
      return entry.section as CacheSection<K, V>;
    },
    stats: () => new Map([...sections].map(([kind, { section }]) => [kind, section.stats()])),
  };
}

// Sets of 64-bit hashes with open addressing: duplicate URLs, hreflang pairs. Two different URLs share a hash
// with odds of about n²/2⁶⁵ (10⁻⁵ at ten million URLs). Load stays under 3/4.

const P1: u64 = 0x9e3779b185ebca87;
const P2: u64 = 0xc2b2ae3d27d4eb4f;
const P3: u64 = 0x165667b19e3779f9;

/** xxHash64's round: multiply, rotate, multiply, so every input bit reaches every state bit. */
@inline function round(acc: u64, input: u64): u64 {
  return rotl<u64>(acc + input * P2, 31) * P1;
}

/** A 64-bit hash of [p, p+n): xxHash64's rounds over one lane, eight bytes a step, and its avalanche. */
export function hashBytes(p: usize, n: usize): u64 {
  let h: u64 = P3 + <u64>n;
  let i: usize = 0;
  while (i + 8 <= n) {
    h = round(h, load<u64>(p + i));
    i += 8;
  }
  let tail: u64 = 0;
  let shift: u64 = 0;
  while (i < n) {
    tail |= <u64>load<u8>(p + i) << shift;
    shift += 8;
    i++;
  }
  return mix(round(h, tail ^ (<u64>n << 56)));
}

/** xxHash64's avalanche; never 0, which marks an empty slot. */
export function mix(h: u64): u64 {
  h ^= h >> 33;
  h *= P2;
  h ^= h >> 29;
  h *= P3;
  h ^= h >> 32;
  return h == 0 ? 1 : h;
}

// The set is cut into shards by the hash's top bits, each an open-addressing table that doubles on
// its own. One big table would, at each doubling, free a block the next doubling cannot use (it is
// half the size needed), so memory would end near twice the table; the shards' blocks are small,
// and the ones freed side by side merge and serve the next shards' doublings.
const SHARD_BITS: u64 = 6;
const SHARDS: i32 = 1 << <i32>SHARD_BITS;
const FIRST_CAPACITY: u32 = 1 << 10;

/** Slots read by lookups of every set, for the tests that hold the work to the input's size. */
export let slotsRead: u64 = 0;

/**
 * A set of hashes. `add` is the only write. A set made `withPlaces` keeps a u32 beside each hash, in
 * a table of its own laid out as the hashes' (4 bytes a slot): the duplicate set keeps where each URL
 * was first seen, so a duplicate can name that row. The others pay nothing for it.
 */
export class HashSet {
  private tables: StaticArray<usize> = new StaticArray<usize>(SHARDS);
  private capacities: StaticArray<u32> = new StaticArray<u32>(SHARDS);
  private sizes: StaticArray<u32> = new StaticArray<u32>(SHARDS);
  /** Per shard, the places beside its slots; 0 (no tables) unless made withPlaces. */
  private places: StaticArray<usize> = new StaticArray<usize>(SHARDS);
  private withPlaces: bool;
  size: u32 = 0;
  /** After an `add` that found its hash there already: the place kept with it (0 when none was given). */
  found: u32 = 0;

  constructor(withPlaces: bool = false) {
    this.withPlaces = withPlaces;
    for (let s = 0; s < SHARDS; s++) {
      const table = heap.alloc(<usize>FIRST_CAPACITY << 3);
      memory.fill(table, 0, <usize>FIRST_CAPACITY << 3);
      unchecked((this.tables[s] = table));
      unchecked((this.capacities[s] = FIRST_CAPACITY));
      if (withPlaces) {
        const places = heap.alloc(<usize>FIRST_CAPACITY << 2);
        memory.fill(places, 0, <usize>FIRST_CAPACITY << 2);
        unchecked((this.places[s] = places));
      }
    }
  }

  /** The slot of `h` in shard `s`: where it is, or the empty slot that ends its run. */
  @inline private slot(s: i32, h: u64): u32 {
    const mask = unchecked(this.capacities[s]) - 1;
    const table = unchecked(this.tables[s]);
    let i = <u32>h & mask;
    while (true) {
      slotsRead++;
      const v = load<u64>(table + (<usize>i << 3));
      if (v == h || v == 0) return i;
      i = (i + 1) & mask;
    }
    return unreachable();
  }

  /** Adds a hash, with its place in a set made withPlaces; false when it was there already (`found` is then its place). */
  add(h: u64, place: u32 = 0): bool {
    const s = <i32>(h >> (64 - SHARD_BITS));
    if ((unchecked(this.sizes[s]) + 1) * 4 > unchecked(this.capacities[s]) * 3) this.grow(s);
    const i = this.slot(s, h);
    const at = unchecked(this.tables[s]) + (<usize>i << 3);
    if (load<u64>(at) == h) {
      if (this.withPlaces) this.found = load<u32>(unchecked(this.places[s]) + (<usize>i << 2));
      return false;
    }
    store<u64>(at, h);
    if (this.withPlaces) store<u32>(unchecked(this.places[s]) + (<usize>i << 2), place);
    unchecked((this.sizes[s] += 1));
    this.size++;
    return true;
  }

  has(h: u64): bool {
    const s = <i32>(h >> (64 - SHARD_BITS));
    return load<u64>(unchecked(this.tables[s]) + (<usize>this.slot(s, h) << 3)) == h;
  }

  /**
   * Takes a hash out again (a row that was left out after all). The entries after it in its run move
   * back as far as their own slot allows, so every lookup still finds them without markers.
   */
  remove(h: u64): void {
    const s = <i32>(h >> (64 - SHARD_BITS));
    const mask = unchecked(this.capacities[s]) - 1;
    const table = unchecked(this.tables[s]);
    let hole = this.slot(s, h);
    if (load<u64>(table + (<usize>hole << 3)) != h) return;
    let j = hole;
    while (true) {
      j = (j + 1) & mask;
      const v = load<u64>(table + (<usize>j << 3));
      if (v == 0) break;
      // v may fill the hole unless its own slot lies after the hole, up to j (cyclically).
      const home = <u32>v & mask;
      const stays = hole < j ? home > hole && home <= j : home > hole || home <= j;
      if (stays) continue;
      store<u64>(table + (<usize>hole << 3), v);
      if (this.withPlaces) {
        const places = unchecked(this.places[s]);
        store<u32>(places + (<usize>hole << 2), load<u32>(places + (<usize>j << 2)));
      }
      hole = j;
    }
    store<u64>(table + (<usize>hole << 3), 0);
    unchecked((this.sizes[s] -= 1));
    this.size--;
  }

  /** Empties the set, keeping its tables' room. */
  clear(): void {
    for (let s = 0; s < SHARDS; s++) {
      memory.fill(unchecked(this.tables[s]), 0, <usize>unchecked(this.capacities[s]) << 3);
      unchecked((this.sizes[s] = 0));
    }
    this.size = 0;
  }

  /**
   * Makes room for about `n` hashes in all, so a set whose size is known ahead is not rehashed on
   * the way there: at a million URLs the doublings cost about a third of the adds' time. Each shard
   * gets the capacity its doublings would end at.
   */
  reserve(n: u32): void {
    const perShard = (n + <u32>SHARDS - 1) >> <u32>SHARD_BITS;
    for (let s = 0; s < SHARDS; s++) {
      let capacity = unchecked(this.capacities[s]);
      while ((<u64>perShard + 1) * 4 > <u64>capacity * 3) capacity <<= 1;
      if (capacity > unchecked(this.capacities[s])) this.resize(s, capacity);
    }
  }

  private grow(s: i32): void {
    this.resize(s, unchecked(this.capacities[s]) << 1);
  }

  private resize(s: i32, capacity: u32): void {
    const oldTable = unchecked(this.tables[s]);
    const oldCapacity = unchecked(this.capacities[s]);
    const table = heap.alloc(<usize>capacity << 3);
    memory.fill(table, 0, <usize>capacity << 3);
    const withPlaces = this.withPlaces;
    const oldPlaces = unchecked(this.places[s]);
    let places: usize = 0;
    if (withPlaces) {
      places = heap.alloc(<usize>capacity << 2);
      memory.fill(places, 0, <usize>capacity << 2);
    }
    const mask = capacity - 1;
    for (let j: u32 = 0; j < oldCapacity; j++) {
      const h = load<u64>(oldTable + (<usize>j << 3));
      if (h == 0) continue;
      let i = <u32>h & mask;
      while (load<u64>(table + (<usize>i << 3)) != 0) i = (i + 1) & mask;
      store<u64>(table + (<usize>i << 3), h);
      if (withPlaces) store<u32>(places + (<usize>i << 2), load<u32>(oldPlaces + (<usize>j << 2)));
    }
    heap.free(oldTable);
    unchecked((this.tables[s] = table));
    unchecked((this.capacities[s] = capacity));
    if (withPlaces) {
      heap.free(oldPlaces);
      unchecked((this.places[s] = places));
    }
  }
}

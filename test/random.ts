// Seeded randomness for property and differential tests: a failing run is replayed with SEED=….

/** mulberry32: small, fast, and good enough to generate test inputs. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The seed of this run: SEED from the environment, else a random one; printed so it can be replayed. */
export function testSeed(file: string): number {
  const seed = process.env.SEED !== undefined ? Number(process.env.SEED) >>> 0 : (Math.random() * 2 ** 32) >>> 0;
  console.log(`${file} seed: ${seed} (replay with SEED=${seed})`);
  return seed;
}

// Work that finds more work (an index lists sitemaps), done at most `concurrency` items at a time.

export async function runQueue<T>(first: T[], concurrency: number, work: (item: T, add: (item: T) => void) => Promise<void>): Promise<void> {
  const queue = [...first];
  let active = 0;
  await new Promise<void>((resolve, reject) => {
    let failed = false;
    const pump = () => {
      if (failed) return;
      while (active < concurrency && queue.length) {
        const item = queue.shift()!;
        active++;
        work(item, (more) => void queue.push(more)).then(
          () => {
            active--;
            pump();
          },
          (e) => {
            failed = true;
            reject(e);
          },
        );
      }
      if (active === 0 && queue.length === 0) resolve();
    };
    pump();
  });
}

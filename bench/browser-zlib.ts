/**
 * How fast the page's compressor is beside Node's, on the same bytes: gzip level 6 of one sitemap
 * file, on one core, by node:zlib and by the Chromium under test's CompressionStream (the page's
 * only compressor). The page's compression runs on that zlib; a build linked against an older,
 * unoptimized system zlib compresses slower than Node's, and the page / CLI ratio carries that.
 */
import { gzipSync } from 'node:zlib';
import { launch } from './page.ts';

export interface ZlibSpeeds {
  bytes: number;
  /** MB of input a second, best of `rounds`. */
  nodeMBps: number;
  browserMBps: number | null;
  note?: string;
}

function best(times: number[], bytes: number): number {
  return bytes / 1e6 / (Math.min(...times) / 1000);
}

/** Rounds of each, taken in turn so both see the same machine; the best of each counts. */
export async function zlibSpeeds(xml: Uint8Array, rounds = 5): Promise<ZlibSpeeds> {
  const nodeTimes: number[] = [];
  const browserTimes: number[] = [];
  const nodeRound = () => {
    const t = performance.now();
    gzipSync(xml, { level: 6 });
    nodeTimes.push(performance.now() - t);
  };
  let note: string | undefined;
  let browser: Awaited<ReturnType<typeof launch>> | null = null;
  try {
    browser = await launch();
    const page = browser.context.pages()[0] ?? (await browser.context.newPage());
    // Strings, not functions: the TypeScript loader would add helpers the page does not have.
    await page.evaluate(`window.__xml = Uint8Array.from(atob(${JSON.stringify(Buffer.from(xml).toString('base64'))}), (c) => c.charCodeAt(0)); 0`);
    for (let i = 0; i < rounds; i++) {
      nodeRound();
      browserTimes.push(
        (await page.evaluate(`(async () => {
          const t = performance.now();
          const stream = new CompressionStream('gzip');
          const writer = stream.writable.getWriter();
          const written = writer.write(window.__xml).then(() => writer.close());
          await new Response(stream.readable).arrayBuffer();
          await written;
          return performance.now() - t;
        })()`)) as number,
      );
    }
  } catch (e) {
    note = `${(e as Error).message.split('\n')[0]}`;
  } finally {
    await browser?.close();
  }
  while (nodeTimes.length < rounds) nodeRound();
  return { bytes: xml.length, nodeMBps: best(nodeTimes, xml.length), browserMBps: browserTimes.length ? best(browserTimes, xml.length) : null, note };
}

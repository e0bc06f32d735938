/**
 * The workbook reader alone (src/input/xlsx.ts): a workbook to CSV bytes, counted and dropped.
 *
 *   node --import tsx bench/xlsx-read.ts bench/data/crawl-100000.xlsx    (see bench/xlsx-dataset.ts)
 */
import { createReadStream } from 'node:fs';
import { workbookRows } from '../src/input/xlsx.ts';

const started = performance.now();
let bytes = 0;
for await (const chunk of workbookRows('book', createReadStream(process.argv[2], { highWaterMark: 1 << 20 }) as AsyncIterable<Uint8Array>)) bytes += chunk.length;
const cpu = process.cpuUsage();
console.log(`${bytes} bytes of CSV, ${Math.round(performance.now() - started)} ms, ${Math.round((cpu.user + cpu.system) / 1000)} ms CPU, ${Math.round(process.memoryUsage().rss / 1e6)} MB RSS`);

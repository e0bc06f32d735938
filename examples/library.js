// The browser library on a plain page: createSitemill() runs the engine in a worker; generate()
// takes { text } or Files, reports progress, and stops when its AbortSignal fires.
import { createSitemill } from '../../lib/sitemill-browser.js';

const sitemill = createSitemill();
const form = document.getElementById('run');
const cancel = document.getElementById('cancel');
const status = document.getElementById('status');
const summaryOut = document.getElementById('summary');
const download = document.getElementById('download');
let running = null;

form.addEventListener('submit', async (event) => {
  event.preventDefault();
  running?.abort();
  const run = (running = new AbortController());
  cancel.disabled = false;
  download.hidden = true;
  status.textContent = 'Working…';
  try {
    const { summary, zip } = await sitemill.generate(
      { text: document.getElementById('list').value },
      { baseUrl: document.getElementById('base').value || undefined },
      { signal: run.signal, onProgress: (p) => (status.textContent = `${p.rows.toLocaleString('en')} rows…`) },
    );
    const { rows, skipped, accepted, rejected, codes, files } = summary;
    summaryOut.textContent = JSON.stringify({ rows, skipped, accepted, rejected, codes, files: files.map((f) => f.name) }, null, 2);
    if (download.href) URL.revokeObjectURL(download.href);
    download.href = URL.createObjectURL(zip);
    download.hidden = false;
    status.textContent = summary.message ?? `Done: ${accepted} of ${rows} rows accepted.`;
  } catch (error) {
    status.textContent = error.name === 'AbortError' ? 'Cancelled.' : `Failed: ${error.message}`;
  } finally {
    if (running === run) {
      running = null;
      cancel.disabled = true;
    }
  }
});

cancel.addEventListener('click', () => running?.abort());

// The core runs until it needs something of this side: more input, a header decision, a URL only
// the full parser can judge, a row's news or video, or a full file to take away.

import { Status } from '../core/status.ts';
import { judgeBelonging } from './belong.ts';
import { applyHeader } from './header.ts';
import type { GenerateRun } from './run.ts';
import { resolveSlowLoc, resolveSlowUrl, writeExtras } from './slow-paths.ts';

/** Runs the core until it needs input or, when `final`, until the input is done. */
export async function driveCore(run: GenerateRun, final: boolean): Promise<void> {
  const { core, x } = run;
  while (true) {
    const status = x.run(final ? 1 : 0);
    switch (status) {
      case Status.NeedInput:
        // The findings of a chunk's rows go out together: one copy a chunk, not one a pause.
        run.drainFindings();
        core.keepUnconsumed();
        sendAhead(run);
        await run.reportRoom();
        return;
      case Status.Done:
        run.drainFindings();
        core.resetInput();
        return;
      case Status.Header:
        applyHeader(run);
        break;
      case Status.SlowLoc:
        resolveSlowLoc(run);
        break;
      case Status.SlowUrl:
        resolveSlowUrl(run);
        break;
      case Status.Extras:
        writeExtras(run);
        break;
      case Status.Belong:
        judgeBelonging(run);
        break;
      case Status.FileFull:
        run.drainFindings();
        await emitFile(run);
        x.nextFile();
        break;
    }
  }
}

/** The open file, finished, to the output (which gzips and zips it). */
export async function emitFile(run: GenerateRun): Promise<void> {
  const { core, x } = run;
  const lastmod = core.text(x.outLastmodPtr(), x.outLastmodLen());
  const held = x.outPtr();
  const rest = core.bytes().subarray(held, held + x.outLen()); // read by addSitemap before it waits
  await run.output.addSitemap(rest, x.outUrls(), lastmod, x.outHeaderLen());
}

/**
 * Where the output compresses a body while it is written: the open file's body goes in whole
 * pieces, and the core drops what was taken.
 */
function sendAhead(run: GenerateRun): void {
  const { core, x, output } = run;
  const step = output.aheadBytes;
  if (step === 0) return;
  // Whole pieces only, and never one the file could end in: the pieces fall at the same offsets
  // however the input arrives, and so do the compressed bytes.
  while (x.outBodyLen() > step) {
    const at = x.outBodyPtr();
    output.body(core.bytes().subarray(at, at + step));
    x.outDropBody(step);
  }
}

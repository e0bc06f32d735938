// Gaps between animation frames stand for the page's main thread staying free, but they time the
// machine too: on a busy one a frame waits for a core whatever the page does. So they are asserted
// only when asked for, on a quiet machine (SITEMILL_FRAME_GAPS=1); otherwise they are only logged.
import assert from 'node:assert/strict';

export const FRAME_GAPS = process.env.SITEMILL_FRAME_GAPS === '1';

/** The longest gap between frames was under `limit` ms (asserted with SITEMILL_FRAME_GAPS=1 only). */
export function assertFrameGap(max: number, what: string, limit = 250): void {
  if (FRAME_GAPS) assert.ok(max < limit, `${what} ${max.toFixed(1)} ms`);
}

/** Frames kept coming: at least `min` of them (asserted with SITEMILL_FRAME_GAPS=1 only). */
export function assertFrameCount(frames: number, min: number, what: string): void {
  if (FRAME_GAPS) assert.ok(frames > min, `${what}: ${frames} frames`);
}

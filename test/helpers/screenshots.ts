// Where the suites put the screenshots they take: docs/, for the README, when run by
// `npm run screenshots`; otherwise the suite's work folder, so a test run leaves the tree as it was.
import path from 'node:path';
import { ROOT } from './cli.ts';

export function screenshotPath(name: string, work: string): string {
  return path.join(process.env.SITEMILL_SCREENSHOTS === 'docs' ? path.join(ROOT, 'docs') : work, name);
}

// Starts the system Chromium (Debian's, or CHROME_PATH) headless with a fresh profile.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

export function chromiumPath(): string {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
    (p): p is string => !!p,
  );
  const found = candidates.find((p) => existsSync(p));
  if (!found) {
    throw new Error(
      `No Chromium found (tried ${candidates.join(', ')}). Install it with ` +
        '`apt-get install -y chromium` or set CHROME_PATH to a Chromium or Chrome binary.',
    );
  }
  return found;
}

export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

export interface LaunchOptions {
  /** `block` keeps service workers out, so every request reaches the network (and Playwright's routes). */
  serviceWorkers?: 'allow' | 'block';
  /** More command-line switches, after the standard ones. */
  args?: string[];
  /** Lets a test inject a script of its own (axe-core) past the page's Content-Security-Policy. */
  bypassCSP?: boolean;
}

export async function launch(viewport = { width: 1280, height: 800 }, options: LaunchOptions = {}): Promise<Browser> {
  const executablePath = chromiumPath();
  const userDataDir = await mkdtemp(path.join(tmpdir(), 'sitemill-chromium-'));
  let context: BrowserContext;
  try {
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath,
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        ...(options.args ?? []),
      ],
      viewport,
      acceptDownloads: true,
      serviceWorkers: options.serviceWorkers ?? 'allow',
      bypassCSP: options.bypassCSP ?? false,
    });
  } catch (error) {
    // A browser that does not start leaves no profile behind.
    await rm(userDataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    context,
    close: async () => {
      await context.close();
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}

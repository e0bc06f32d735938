// The types of `sitemill/embed`: the <sitemill-workbench> element, its attributes, methods and
// events. The build writes this file to dist/embed/ with its import pointed at 'sitemill/browser'.
import type { CheckSummary, Summary } from '../../src/browser.ts';

/** A list for the element: a File (its name is kept), any Blob, the list's text, or several files read in order. */
export type ElementInput = Blob | string | Blob[];

/** The element's attributes, as a host sets them (each also read when it changes). */
export interface SitemillWorkbenchAttributes {
  /** The site's base URL: relative URLs resolve against it, other hosts are refused. */
  'base-url'?: string;
  /** URLs per sitemap file before a new one starts (at most 50,000). */
  'max-urls'?: string | number;
  /** Bytes per sitemap file, uncompressed, before a new one starts (at most 52,428,800). */
  'max-bytes'?: string | number;
  /** `xml` (the default) or `txt`. */
  format?: 'xml' | 'txt';
  /** Present, empty or `on`: gzipped files (the default); `off`, `false`, `no` or `0`: plain ones. */
  gzip?: string | boolean;
}

/** `sitemill-complete`: a run's summary, with its zip. */
export interface SitemillCompleteDetail extends Summary {
  zip: Blob;
}

export interface SitemillWorkbenchEventMap extends HTMLElementEventMap {
  'sitemill-complete': CustomEvent<SitemillCompleteDetail>;
  /** An audit of the Check tab finished. */
  'sitemill-check': CustomEvent<CheckSummary>;
  /** A run or an audit failed: the message the element shows. */
  'sitemill-error': CustomEvent<string>;
}

export interface SitemillWorkbenchElement extends HTMLElement {
  /** Loads a list and runs it, as a picked file does; resolves with the run's summary (null if it failed). */
  load(input: ElementInput, name?: string): Promise<Summary | null>;
  /** Runs the loaded list again with the current options. */
  generate(): Promise<Summary | null>;
  /** Stops a run at once. */
  cancel(): void;
  addEventListener<K extends keyof SitemillWorkbenchEventMap>(
    type: K,
    listener: (this: SitemillWorkbenchElement, event: SitemillWorkbenchEventMap[K]) => unknown,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends keyof SitemillWorkbenchEventMap>(
    type: K,
    listener: (this: SitemillWorkbenchElement, event: SitemillWorkbenchEventMap[K]) => unknown,
    options?: boolean | EventListenerOptions,
  ): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void;
}

declare global {
  interface HTMLElementTagNameMap {
    'sitemill-workbench': SitemillWorkbenchElement;
  }
  // The events bubble and cross the shadow root: a listener on the document hears them too.
  interface DocumentEventMap {
    'sitemill-complete': CustomEvent<SitemillCompleteDetail>;
    'sitemill-check': CustomEvent<CheckSummary>;
    'sitemill-error': CustomEvent<string>;
  }
}

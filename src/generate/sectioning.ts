// A run's sections (SPEC section 11): the rules from the options, checked before any row is read,
// and each written URL's section. A section by column takes the row's cell when the core asks
// whether the row belongs; the URLs then come out in the same order, so the two are matched in turn.

import { normalizeName } from '../input/detect.ts';
import { RuleError, loadUrlPattern } from '../rules/url-patterns.ts';
import { DEFAULT_SECTION, SectionPatterns, namesIndex, parseSectionBy, pathSection, sectionName } from '../rules/sections.ts';
import type { Options } from '../types.ts';
import { OptionError } from './options.ts';

/** Where a rule is tried before the site is known. */
const SOME_ORIGIN = 'https://site.invalid/';
/** Rows noted and matched are dropped from the front of the queue in steps this big. */
const DROP_STEP = 4096;

export class Sectioning {
  /** The column whose value names a row's section (its name as header names compare), or null. */
  readonly column: string | null;
  private depth = 0;
  private rows: { url: string; section: string }[] = [];
  private next = 0;
  /** A set re-generated in its shape: each input's section (set-shape.ts); null otherwise. */
  inputSections: string[] | null = null;
  /** There, each section's file name as published (its first file's). */
  fileNames: ReadonlyMap<string, string> | null = null;
  /** The URLs noted since the current purpose started: a second one is a duplicate, never written. */
  private notedInPurpose = new Set<string>();

  private constructor(
    private patterns: SectionPatterns | null,
    by: ReturnType<typeof parseSectionBy>,
  ) {
    this.column = by && 'column' in by ? normalizeName(by.column) : null;
    if (by && 'depth' in by) this.depth = by.depth;
  }

  /** The run's sections, or null when it has none; throws OptionError on a rule that cannot be used. */
  static async of(opts: Options): Promise<Sectioning | null> {
    if (!opts.sectionBy && !opts.sections?.length) return null;
    const by = opts.sectionBy ? parseSectionBy(opts.sectionBy) : null;
    if (opts.sectionBy && !by) throw new OptionError(`section-by is path:N (N from 1 to 99) or column:<name>, not ${opts.sectionBy}`);
    let patterns: SectionPatterns | null = null;
    if (opts.sections?.length) {
      for (const r of opts.sections) if (!sectionName(r.name)) throw new OptionError(`a section needs a name of letters or digits: ${JSON.stringify(r.name)}`);
      for (const r of opts.sections) if (namesIndex(r.name)) throw new OptionError(`a section may not be named ${JSON.stringify(r.name)}: its files would be named as the sitemap index's parts (sitemap-index-1.xml …)`);
      patterns = new SectionPatterns(await loadUrlPattern(), opts.sections);
      try {
        patterns.check(SOME_ORIGIN);
      } catch (e) {
        if (e instanceof RuleError) throw new OptionError(e.message.replace(/^Rule "include /, 'Section rule "'));
        throw e;
      }
    }
    return new Sectioning(patterns, by);
  }

  /** Each input a section of its own, as a set re-generated in its shape asks. */
  static byInput(sections: string[], fileNames: ReadonlyMap<string, string>): Sectioning {
    const s = new Sectioning(null, null);
    s.inputSections = sections;
    s.fileNames = fileNames;
    return s;
  }

  /** A written URL of input `index`, in row order (byInput). */
  noteInputRow(url: string, index: number): void {
    if (this.notedInPurpose.has(url)) return;
    this.notedInPurpose.add(url);
    this.rows.push({ url, section: this.inputSections![index] });
  }

  /** From here on the URLs are of another purpose: the same URL again is no duplicate. */
  newPurpose(): void {
    this.notedInPurpose.clear();
  }

  /** A written URL and its row's cell in the section column, in row order. */
  noteRow(url: string, cell: string): void {
    this.rows.push({ url, section: sectionName(cell) });
  }

  /** The section of the next written URL. */
  sectionOf(url: string): string {
    const named = this.patterns?.match(url);
    if (named) return named;
    if (this.depth) return pathSection(url, this.depth) || DEFAULT_SECTION;
    if (this.column === null && !this.inputSections) return DEFAULT_SECTION;
    while (this.next < this.rows.length && this.rows[this.next].url !== url) this.next++;
    const row = this.rows[this.next++];
    if (this.next >= DROP_STEP) {
      this.rows.splice(0, this.next);
      this.next = 0;
    }
    return row?.section || DEFAULT_SECTION;
  }
}

// One part of a workbook (an XML file in its zip) read with the project's streaming scanner: elements
// by their local name (transitional and strict OOXML differ only in namespaces), and any fault of
// the XML as one WorkbookFault.

import { XmlScanner, type XmlHandler, type XmlProblem } from '../check/xml-scanner.ts';
import type { XmlName } from '../check/xml-names.ts';

/** What makes a workbook unreadable, said in a line (the input's name is put before it). */
export class WorkbookFault extends Error {}

export interface PartHandler {
  start(local: string, attrs: Attributes): void;
  end(local: string): void;
  text(d: Uint8Array, from: number, to: number): void;
}

/** The attributes of the start tag being read. */
export class Attributes {
  constructor(private readonly scanner: XmlScanner) {}

  /** The value of the attribute with this local name (`r:id` is `id`), if the tag has one. */
  get(local: string): string | undefined {
    const s = this.scanner;
    for (let i = 0; i < s.attrCount; i++) if (s.attrNames[i].local === local) return s.attrValues[i];
    return undefined;
  }
}

export class PartScanner implements XmlHandler {
  private readonly scanner = new XmlScanner(this);
  private readonly attrs = new Attributes(this.scanner);
  private readonly open: string[] = [];
  private fault: string | null = null;

  constructor(
    private readonly part: string,
    private readonly handler: PartHandler,
  ) {}

  start(name: XmlName): void {
    this.open.push(name.local);
    this.handler.start(name.local, this.attrs);
  }

  end(): void {
    this.handler.end(this.open.pop()!);
  }

  text(d: Uint8Array, from: number, to: number): void {
    this.handler.text(d, from, to);
  }

  problem(code: XmlProblem, message: string, line: number): void {
    // A bare `&` or `<` is read as itself, as the scanner does for sitemaps.
    if (code !== 'xml-unescaped') this.fault ??= `${this.part} is not well-formed XML (line ${line}: ${message})`;
  }

  push(chunk: Uint8Array): void {
    this.scanner.push(chunk);
    this.check();
  }

  finish(): void {
    this.scanner.end();
    this.check();
  }

  private check(): void {
    if (this.fault) throw new WorkbookFault(this.fault);
  }
}

/** A small part read whole into `handler`. */
export async function readPart(part: string, chunks: AsyncIterable<Uint8Array>, handler: PartHandler): Promise<void> {
  const scanner = new PartScanner(part, handler);
  for await (const chunk of chunks) scanner.push(chunk);
  scanner.finish();
}

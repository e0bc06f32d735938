// Elements a file has, but out of the order its schema's sequences give (SPEC section 7, corrections
// of 2026-12). Search engines read a <url>'s children in any order; strict validators (xmllint
// --schema) refuse the file. So it is one warning per file, with a count, the first place and the
// order expected in each element concerned, never an error and never "lacks" an element that is there.

export class ElementOrder {
  /** Elements out of order in the file, and the line of the first. */
  count = 0;
  line = 0;
  private first = '';
  /** The parents concerned (`<url>`, `<image:image>`, …), each with its order as tags. */
  private readonly orders = new Map<string, string>();

  /** `what` is the fault as said (`<lastmod> after <priority>`), `order` the parent's children in order. */
  add(line: number, what: string, parent: string, order: string): void {
    if (this.count++ === 0) {
      this.line = line;
      this.first = what;
    }
    if (!this.orders.has(parent)) this.orders.set(parent, order);
  }

  message(): string {
    const n = this.count === 1 ? 'one element' : `${this.count.toLocaleString('en-US')} elements`;
    const orders = [...this.orders].map(([parent, order]) => `in ${parent}: ${order}`).join('; ');
    return (
      `${n} out of the schema's order (first on line ${this.line}: ${this.first}); the order is ${orders}. ` +
      'Search engines read them in any order, but strict validators (xmllint --schema) reject the file; Fix and re-generate writes them in order'
    );
  }
}

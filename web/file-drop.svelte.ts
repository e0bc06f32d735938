// Files dragged over a target (the page, or the element): whether to show the drop overlay, and the drop itself.
import { takeDrop, type Dropped } from './folder-files';

const hasFiles = (e: DragEvent) => e.dataTransfer?.types.includes('Files') ?? false;

export class FileDrop {
  /** Nested dragenter/dragleave pairs: the overlay stays up while the pointer moves between children. */
  #depth = $state(0);
  /** The pointer is over a drop target of its own inside (the robots.txt field): it takes the files. */
  inner = $state(false);
  readonly #ondrop: (dropped: Dropped) => void;

  constructor(ondrop: (dropped: Dropped) => void) {
    this.#ondrop = ondrop;
  }

  get active(): boolean {
    return this.#depth > 0;
  }

  /** Whether to say what a drop here does: not while an inner target will take it. */
  get shown(): boolean {
    return this.active && !this.inner;
  }

  enter = (e: DragEvent): void => {
    if (!hasFiles(e)) return;
    e.preventDefault();
    this.#depth++;
  };

  over = (e: DragEvent): void => {
    if (!hasFiles(e)) return;
    this.inner = e.defaultPrevented;
    e.preventDefault();
    if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy';
  };

  leave = (e: DragEvent): void => {
    if (hasFiles(e)) this.#depth = Math.max(0, this.#depth - 1);
  };

  drop = (e: DragEvent): void => {
    if (!hasFiles(e)) return;
    this.#depth = 0;
    this.inner = false;
    // An inner target took the files already.
    if (e.defaultPrevented) return;
    e.preventDefault();
    this.#ondrop(takeDrop(e.dataTransfer));
  };
}

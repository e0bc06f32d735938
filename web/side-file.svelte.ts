// A field beside the list that takes one file, picked or dropped on it (the robots.txt, the previous
// zip): its drop takes the files before the page's own drop target does.

import { tick } from 'svelte';

export class SideFile {
  /** Files are dragged over the field. */
  over = $state(false);
  /** The field's file input, bound by its component. */
  input = $state<HTMLInputElement>();
  readonly #take: (file: File) => void;
  readonly #forget: () => void;

  constructor(take: (file: File) => void, forget: () => void) {
    this.#take = take;
    this.#forget = forget;
  }

  /** Removes the file; the button goes with it, so focus goes to where another file is picked. */
  remove = async (): Promise<void> => {
    this.#forget();
    await tick();
    this.input?.focus();
  };

  picked = (event: Event): void => {
    const input = event.currentTarget as HTMLInputElement;
    const file = input.files?.[0];
    input.value = ''; // picking the same file again must read it again
    if (file) this.#take(file);
  };

  // preventDefault marks the drop as taken, so the page's own drop target leaves it alone.
  dragover = (e: DragEvent): void => {
    if (!e.dataTransfer?.types.includes('Files')) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'copy';
    this.over = true;
  };

  leave = (): void => {
    this.over = false;
  };

  drop = (e: DragEvent): void => {
    this.over = false;
    const file = e.dataTransfer?.files[0];
    if (!file) return;
    e.preventDefault();
    this.#take(file);
  };
}

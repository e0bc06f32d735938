// The methods <sitemill-workbench> adds to the element Svelte builds. They can be called at once:
// the workbench inside mounts a moment after the element joins the page, and calls wait for it.
import type { Summary } from '../src/types';

/** A list for the element: a File (its name is kept), any Blob, the list's text, or several files read in order. */
export type ElementInput = Blob | string | Blob[];

export interface WorkbenchControl {
  load(input: ElementInput, name?: string): Promise<Summary | null>;
  generate(): Promise<Summary | null>;
  cancel(): void;
}

interface Slot {
  control: WorkbenchControl | null;
  waiting: ((control: WorkbenchControl) => void)[];
}

const slots = new WeakMap<HTMLElement, Slot>();

function slotOf(host: HTMLElement): Slot {
  let slot = slots.get(host);
  if (!slot) slots.set(host, (slot = { control: null, waiting: [] }));
  return slot;
}

function ready(host: HTMLElement): Promise<WorkbenchControl> {
  const slot = slotOf(host);
  return slot.control ? Promise.resolve(slot.control) : new Promise((resolve) => slot.waiting.push(resolve));
}

/** Called by the workbench inside once it is mounted, and with null when it is destroyed. */
export function attachControl(host: HTMLElement, control: WorkbenchControl | null): void {
  const slot = slotOf(host);
  slot.control = control;
  if (control) for (const resolve of slot.waiting.splice(0)) resolve(control);
}

export function withMethods(Base: new () => HTMLElement): new () => HTMLElement {
  return class SitemillWorkbenchElement extends Base {
    /** Loads a list and runs it, as a picked file does; resolves with the run's summary (null if it failed). */
    load(input: ElementInput, name?: string): Promise<Summary | null> {
      return ready(this).then((c) => c.load(input, name));
    }

    /** Runs the loaded list again with the current options. */
    generate(): Promise<Summary | null> {
      return ready(this).then((c) => c.generate());
    }

    /** Stops a run at once. */
    cancel(): void {
      slotOf(this).control?.cancel();
    }
  };
}

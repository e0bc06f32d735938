// <sitemill-workbench>: the whole workbench in any page with one module script. Its worker, wasm and
// styles are found relative to this module's own URL, so the embed/ folder can be served from any path.
import WorkbenchElement from './element/WorkbenchElement.svelte';

// Compiled with `customElement: true`, the component carries its element class (Svelte's typings leave it out).
const element = (WorkbenchElement as unknown as { element: CustomElementConstructor }).element;

// A page that loads the script twice (two paths, two copies) keeps the first definition.
if (!customElements.get('sitemill-workbench')) customElements.define('sitemill-workbench', element);

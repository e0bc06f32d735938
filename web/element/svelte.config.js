// This folder's component is compiled as a custom element: vite.config.ts's `dynamicCompileOptions`
// picks it by name. svelte-check cannot run that function, but it takes the compiler options of the
// svelte.config.js nearest to each file, so this one tells it the same. The Vite plugin reads no
// config from here (only from its root, web/), so the app's own components stay plain.
export default {
  compilerOptions: { customElement: true },
};

// The engine's core uses WebAssembly SIMD (asconfig.json). A browser without it cannot compile the
// core, and its CompileError names an opcode; this tells the person what is missing instead.

/** The smallest module that uses SIMD: one function returning a `v128.const`. */
const SIMD_PROBE = new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, // \0asm, version 1
  0x01, 0x05, 0x01, 0x60, 0x00, 0x01, 0x7b, // types: () -> v128
  0x03, 0x02, 0x01, 0x00, // functions: one of type 0
  0x0a, 0x16, 0x01, 0x14, 0x00, 0xfd, 0x0c, ...new Array<number>(16).fill(0), 0x0b, // code: v128.const 0, end
]);

/** Whether this WebAssembly engine has SIMD. */
export function hasWasmSimd(): boolean {
  return WebAssembly.validate(SIMD_PROBE);
}

export const NO_SIMD_MESSAGE = 'Cannot run the engine: this browser has no WebAssembly SIMD (Chrome 91, Firefox 89, Safari 16.4 and later have it)';

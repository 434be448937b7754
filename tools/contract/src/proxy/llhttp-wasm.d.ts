// undici ships llhttp, Node's own HTTP/1.1 parser, built to WebAssembly; these two files are the
// module's bytes (with and without SIMD). undici declares no types for them.
declare module 'undici/lib/llhttp/llhttp_simd-wasm.js' {
  const bytes: Uint8Array
  export default bytes
}
declare module 'undici/lib/llhttp/llhttp-wasm.js' {
  const bytes: Uint8Array
  export default bytes
}

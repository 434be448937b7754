// A build plugin: the bundle's CommonJS modules (React, React DOM, the scheduler) are compiled by
// V8 off the main thread while the chunk downloads, instead of on the main thread when first called.
//
// Rolldown wraps each CommonJS module in an arrow function, `__commonJSMin(((exports) => {...}))`.
// V8 compiles a function lazily unless it is a function expression in parentheses (its heuristic
// for "called at once"); an arrow is not one. React DOM's wrapper is about 200 KB of source, and
// compiling it when first called was most of a 55 to 100 ms task at a 4x CPU slowdown. Rewritten to
// `__commonJSMin((function (exports) {...}))` before minification, it is compiled while streaming:
// docs/decisions/web-performance.md. Same meaning: the chunk is strict ESM, so `this` is undefined
// either way, and a CommonJS module's top level cannot rely on `arguments` in a bundle.

const WRAPPER = '__commonJSMin((('
const ARROW_WRAPPER = /__commonJSMin\(\(\(([\w$]+(?:, [\w$]+)*)\) => \{/g

/**
 * The chunk's code with every CommonJS wrapper a function expression. Throws when a wrapper is not
 * in the form this knows: a rolldown upgrade must not silently turn the rewrite off.
 */
export function eagerCommonJsWrappers(code) {
  if (!code.includes(WRAPPER)) return code
  const wrappers = code.split(WRAPPER).length - 1
  let rewritten = 0
  const result = code.replace(ARROW_WRAPPER, (_, parameters) => {
    rewritten += 1
    return `__commonJSMin((function (${parameters}) {`
  })
  if (rewritten !== wrappers)
    throw new Error(
      `eager-commonjs: ${wrappers - rewritten} of ${wrappers} CommonJS wrappers are not in the form \`__commonJSMin(((exports) => {\`: rolldown's output changed, update scripts/eager-commonjs.mjs`,
    )
  return result
}

/** The Vite plugin: rewrites each chunk before it is minified (renderChunk). */
export function eagerCommonJs() {
  return {
    name: 'devenv:eager-commonjs',
    apply: 'build',
    renderChunk(code) {
      const result = eagerCommonJsWrappers(code)
      return result === code ? null : { code: result, map: null }
    },
  }
}

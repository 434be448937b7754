import { describe, expect, it } from 'vitest'
import { eagerCommonJsWrappers } from './eager-commonjs.mjs'

// As rolldown writes them, before minification.
const CHUNK = `import { t as __commonJSMin } from "./rolldown-runtime.js";
var require_react_production = /* @__PURE__ */ __commonJSMin(((exports) => {
\texports.version = "19";
}));
var require_react = /* @__PURE__ */ __commonJSMin(((exports, module) => {
\tmodule.exports = require_react_production();
}));
`

describe('eagerCommonJsWrappers', () => {
  it('turns each CommonJS wrapper into a function expression in parentheses', () => {
    const result = eagerCommonJsWrappers(CHUNK)
    expect(result).toContain('__commonJSMin((function (exports) {\n\texports.version')
    expect(result).toContain('__commonJSMin((function (exports, module) {\n\tmodule.exports')
    expect(result).not.toContain('=>')
  })

  it('keeps what the module does', () => {
    const body = eagerCommonJsWrappers(CHUNK)
      .replace(/^import .*\n/, '')
      .concat('return require_react();')
    // Rolldown's runtime helper, written out: the module runs once, on its first call.
    const __commonJSMin = (callback) => {
      let module
      return () => {
        if (!module) {
          module = { exports: {} }
          callback(module.exports, module)
        }
        return module.exports
      }
    }
    expect(new Function('__commonJSMin', body)(__commonJSMin)).toEqual({ version: '19' })
  })

  it('leaves a chunk without CommonJS alone', () => {
    const code = 'export const answer = () => 42\n'
    expect(eagerCommonJsWrappers(code)).toBe(code)
  })

  it('fails the build on a wrapper in a form it does not know', () => {
    const changed = CHUNK.replace('((exports) => {', '(({ exports }) => {')
    expect(() => eagerCommonJsWrappers(changed)).toThrow(
      /1 of 2 CommonJS wrappers are not in the form/,
    )
  })
})

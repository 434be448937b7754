/**
 * @devenv/openapi/portable: the contract without Node and without `new Function`, for browsers
 * (the MSW stub under the site's Content-Security-Policy) and any other runtime.
 * - `OPENAPI_DOCUMENT`: openapi.yaml as data (generated; `pnpm --filter @devenv/openapi generate`);
 * - `createPrecompiledValidator`: Ajv's standalone checks of every schema the contract names;
 * - `loadPortableContract()`: both, built once; `createContract(document, { validator })` for
 *   another document in memory.
 * Everything else is what the main entry exports under the same names.
 */
import { type Contract, createContract } from './contract'
import { OPENAPI_DOCUMENT } from './generated/document'
import { createPrecompiledValidator } from './precompiled'

export { createContract } from './contract'
export * from './model'
export { createPrecompiledValidator, PRECOMPILED_SCHEMA_KEYS } from './precompiled'
export { OPENAPI_DOCUMENT }

let portable: Contract | undefined

/** This package's contract from data compiled ahead of time: no file read, no code generated. */
export function loadPortableContract(): Contract {
  portable ??= createContract(OPENAPI_DOCUMENT, {
    validator: createPrecompiledValidator(),
  })
  return portable
}

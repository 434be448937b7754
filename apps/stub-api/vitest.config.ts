import { packageTests } from '../../vitest.preset.ts'

export default packageTests('stub-api', {
  fromSource: true,
  // The files share no module state that one of them changes (no mocks, no stubbed globals), and
  // each one imported the stub's core and the contract's compiled checks afresh: 18 of the suite's
  // 38 s went to imports. One module graph per worker keeps what the files prove.
  isolate: false,
})

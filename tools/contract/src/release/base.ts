import { execFileSync } from 'node:child_process'

// Where the contract gate's base comes from, for the gate (scripts/contract-gate.ts) and for its
// behavioural half (test/base-contract.test.ts) alike.

/** What git prints in a checkout, or null when git fails (no such revision, no history, no git). */
export function gitOutput(root: string, ...args: string[]): string | null {
  try {
    return execFileSync('git', args, {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    })
  } catch {
    return null
  }
}

/**
 * The revision the working contract is compared with: `given` (CONTRACT_BASE) as it is, else the
 * merge base of HEAD with main (or origin/main, in a clone without a local main); null in a tree
 * without that history (an unpacked archive).
 */
export function contractBase(
  root: string,
  given: string | undefined = process.env.CONTRACT_BASE,
): string | null {
  if (given?.trim()) return given.trim()
  for (const main of ['main', 'origin/main']) {
    const base = gitOutput(root, 'merge-base', 'HEAD', main)?.trim()
    if (base) return base
  }
  return null
}

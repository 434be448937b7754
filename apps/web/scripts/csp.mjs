// The Content-Security-Policy of the built site: inline scripts and sonner's stylesheet by hash.
import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { APP_SHELL_FILE, PRERENDERED_ROUTES } from './site.mjs'

const sha256 = (text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`

/** Hashes of every inline <script> (no src) in the given HTML. */
export function inlineScriptHashes(html) {
  const hashes = new Set()
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
    hashes.add(sha256(match[1]))
  }
  return [...hashes]
}

/** Hashes of every inline <style> in the given HTML (the prerenderer inlines the stylesheet). */
export function inlineStyleHashes(html) {
  const hashes = new Set()
  for (const match of html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g))
    hashes.add(sha256(match[1]))
  return [...hashes]
}

/** sonner inserts its CSS as a <style> element at import; the CSP allows exactly that text. */
export function sonnerStyleHash(appDir) {
  const require = createRequire(join(appDir, 'package.json'))
  const entry = require.resolve('sonner')
  const source = readFileSync(join(dirname(entry), 'index.mjs'), 'utf8')
  const match = source.match(/__insertCSS\(("(?:[^"\\]|\\.)*")\)/)
  if (!match) throw new Error('Cannot find the stylesheet sonner inserts; update scripts/csp.mjs')
  return sha256(JSON.parse(match[1]))
}

/** sonner appends its <style> empty, then fills it: the empty text is checked first. */
export const EMPTY_STYLE_HASH = sha256('')

export function contentSecurityPolicy({ scriptHashes, styleHashes }) {
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.join(' ')}`,
    `style-src 'self' ${styleHashes.join(' ')}`,
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "manifest-src 'self'",
  ].join('; ')
}

/** One policy for the whole site: the inline scripts and styles of every prerendered page. */
export function sitePolicy(appDir, distDir) {
  const pages = [
    ...PRERENDERED_ROUTES.flatMap((route) =>
      route.withQuery ? [route.file, route.withQuery] : [route.file],
    ),
    APP_SHELL_FILE,
  ]
    .map((file) => join(distDir, file))
    .filter((file) => existsSync(file))
    .map((file) => readFileSync(file, 'utf8'))
  const unique = (lists) => [...new Set(lists.flat())]
  return contentSecurityPolicy({
    scriptHashes: unique(pages.map(inlineScriptHashes)),
    styleHashes: [
      ...unique(pages.map(inlineStyleHashes)),
      EMPTY_STYLE_HASH,
      sonnerStyleHash(appDir),
    ],
  })
}

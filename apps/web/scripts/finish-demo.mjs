// Turns `vite build --mode demo` (dist-demo/) into a static site for any host: one index.html that
// the host answers for every path (404.html too, for hosts whose only fallback is that file), not
// indexed by search engines, without the build's metadata. The pages are not prerendered: each
// needs the stub's service worker before its first call, so the browser renders them all.
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const appDir = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const outDir = join(appDir, 'dist-demo')
/** The demo build's manifest, kept out of the served folder for the benchmark's size figures. */
export const DEMO_MANIFEST = join(appDir, '.demo-build', 'manifest.json')
const index = join(outDir, 'index.html')
const markers = ['<!--app-head-->', '<!--app-html-->']

// Imported by the benchmark for DEMO_MANIFEST alone: it runs only as a script.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) finishDemo()

function finishDemo() {
  if (!existsSync(index)) {
    console.error('No dist-demo/index.html: run vite build --mode demo --outDir dist-demo first')
    process.exit(2)
  }
  const html = readFileSync(index, 'utf8')
  const missing = markers.filter((marker) => !html.includes(marker))
  if (missing.length > 0) {
    console.error(`dist-demo/index.html lacks ${missing.join(' and ')}: was it finished already?`)
    process.exit(1)
  }
  writeFileSync(
    index,
    html
      .replace(
        '<!--app-head-->',
        '<title>DevEnv (demo)</title>\n    <meta name="robots" content="noindex" />',
      )
      .replace('<!--app-html-->', ''),
  )
  copyFileSync(index, join(outDir, '404.html'))
  writeFileSync(join(outDir, 'robots.txt'), 'User-agent: *\nDisallow: /\n')
  const manifest = join(outDir, '.vite', 'manifest.json')
  if (existsSync(manifest)) {
    mkdirSync(dirname(DEMO_MANIFEST), { recursive: true })
    renameSync(manifest, DEMO_MANIFEST)
  }
  rmSync(join(outDir, '.vite'), { recursive: true, force: true })
  console.log('dist-demo/: a static site (index.html for every path), the stub in the browser')
}

// Renders every public route to its own HTML file (title, description, canonical, Open Graph),
// then writes the app shell for client-only routes, sitemap.xml and robots.txt.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { precompress } from './compress.mjs'
import { APP_SHELL_FILE, DEFAULT_SITE_ORIGIN, PRERENDERED_ROUTES } from './site.mjs'

const appDir = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const outDir = resolve(appDir, process.env.PRERENDER_OUT_DIR ?? 'dist')
const ssrEntry = join(appDir, '.ssr', 'entry-server.js')
const origin = (process.env.SITE_ORIGIN ?? DEFAULT_SITE_ORIGIN).replace(/\/+$/, '')

if (!/^https?:\/\/[^/]+$/.test(origin)) {
  console.error(`SITE_ORIGIN must be an origin like https://example.com, got ${origin}`)
  process.exit(2)
}
if (!existsSync(ssrEntry)) {
  console.error(`No SSR bundle at ${ssrEntry}: run vite build --ssr first`)
  process.exit(2)
}

const escapeHtml = (text) =>
  String(text)
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')

function headTags({ title, description, url }) {
  return [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}" />`,
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    '<meta property="og:type" content="website" />',
    '<meta property="og:site_name" content="DevEnv" />',
    `<meta property="og:title" content="${escapeHtml(title)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    '<meta property="og:locale" content="en_US" />',
    '<meta name="twitter:card" content="summary" />',
  ].join('\n    ')
}

// The template is the client build's index.html, kept beside the SSR bundle for later runs.
const templateStore = join(appDir, '.ssr', 'template.html')
const markers = ['<!--app-head-->', '<div id="root"><!--app-html--></div>']
const builtIndex = readFileSync(join(outDir, 'index.html'), 'utf8')
if (markers.every((marker) => builtIndex.includes(marker))) writeFileSync(templateStore, builtIndex)
if (!existsSync(templateStore)) {
  console.error(`No HTML template: ${outDir}/index.html is already prerendered; rebuild first`)
  process.exit(1)
}
// The stylesheet goes inline: one render-blocking request fewer on every first visit (its
// sha256 is in the CSP, see csp.mjs). The file stays in assets/ for anything that links it.
const globalStyles = []
const template = readFileSync(templateStore, 'utf8').replace(
  /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/,
  (_, file) => {
    globalStyles.push(file)
    return `<style>${readFileSync(join(outDir, file), 'utf8').trim()}</style>`
  },
)

// Each page preloads its own route chunk and what it imports, so hydration waits on no waterfall.
const manifestStore = join(appDir, '.ssr', 'client-manifest.json')
const builtManifest = join(outDir, '.vite', 'manifest.json')
if (existsSync(builtManifest)) {
  writeFileSync(manifestStore, readFileSync(builtManifest))
  // Build metadata is not for the public: it leaves the served folder.
  rmSync(join(outDir, '.vite'), { recursive: true, force: true })
}
const manifest = JSON.parse(readFileSync(manifestStore, 'utf8'))
function routeChunks(source) {
  const files = []
  const styles = []
  const visit = (key) => {
    const chunk = manifest[key]
    if (!chunk || files.includes(chunk.file)) return
    files.push(chunk.file)
    // The template's stylesheet is the global one, inlined in every page.
    for (const css of chunk.css ?? [])
      if (!globalStyles.includes(css) && !styles.includes(css)) styles.push(css)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  visit(`src/routes/${source}?tsr-split=component`)
  return { files, styles }
}
// A prerendered route may have no stylesheet of its own: it would load with the route's script,
// after the first paint, and move what was painted (the reset page's 0.15 layout shift).
function checkNoRouteStyles(route) {
  const { styles } = routeChunks(route.source)
  if (styles.length > 0) {
    console.error(
      `${route.path} loads ${styles.join(', ')} after its first paint: import it from src/styles/index.css`,
    )
    process.exit(1)
  }
}

// The prerendered page paints without script: its JavaScript (the entry, its imports and the
// route's chunks) waits inert in a <template> at the end of <body>, and the page's inline start
// (index.html) fetches it once the first paint is on screen, keeping what the visitor does
// meanwhile for the app to replay. Fetched with the document, even at low priority, the scripts
// arrived on loopback before Chrome's first frame, and Lighthouse's LCP model counts every script
// that finished before the largest paint: ~105 KB replayed on a slow phone network before a paint
// that never needed them. docs/decisions/web-performance.md.
function withRouteScripts(html, source) {
  const tags = []
  const rest = html.replace(
    /\s*<(script type="module"[^>]*><\/script|link rel="modulepreload"[^>]*)>/g,
    (tag) => {
      tags.push(tag.trim())
      return ''
    },
  )
  for (const file of routeChunks(source).files) {
    if (!tags.some((tag) => tag.includes(`/${file}"`))) {
      tags.push(`<link rel="modulepreload" crossorigin href="/${file}">`)
    }
  }
  // Preloads first: the entry's imports are already on their way when it asks for them.
  tags.sort((a, b) => Number(a.startsWith('<script')) - Number(b.startsWith('<script')))
  return rest.replace(
    '</body>',
    `  <template id="app-scripts">\n      ${tags.join('\n      ')}\n    </template>\n  </body>`,
  )
}

const { render } = await import(pathToFileURL(ssrEntry).href)
/** Renders one address of a route to its file. The canonical URL is the route's, without a query. */
async function prerender(route, address, fileName) {
  const page = await render(address)
  if (page.pathname !== route.path) {
    console.error(`${address} rendered ${page.pathname}: a redirect on a prerendered route?`)
    process.exit(1)
  }
  const url = `${origin}${route.path === '/' ? '/' : route.path}`
  const html = withRouteScripts(template, route.source)
    .replace('<!--app-head-->', headTags({ ...page.head, url }))
    .replace(
      '<div id="root"><!--app-html--></div>',
      `<div id="root" data-prerendered="${escapeHtml(route.path)}">${page.html}</div>`,
    )
  const file = join(outDir, fileName)
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(file, html)
  precompress(file)
  console.log(`prerendered ${address.padEnd(26)} -> ${fileName} (${page.head.title})`)
}

for (const route of PRERENDERED_ROUTES) {
  checkNoRouteStyles(route)
  await prerender(route, route.path, route.file)
  // The page as an address with a query shows it before the browser reads that query.
  if (route.withQuery) await prerender(route, `${route.path}?link`, route.withQuery)
}

// Client-only routes (signed-in pages) get an empty shell; the client renders and titles them.
const shell = template
  .replace('<!--app-head-->', `<title>DevEnv</title>\n    <meta name="robots" content="noindex" />`)
  .replace('<div id="root"><!--app-html--></div>', '<div id="root"></div>')
writeFileSync(join(outDir, APP_SHELL_FILE), shell)
precompress(join(outDir, APP_SHELL_FILE))

const today = new Date().toISOString().slice(0, 10)
const urls = PRERENDERED_ROUTES.filter((route) => route.sitemap)
  .map((route) => `  <url><loc>${origin}${route.path}</loc><lastmod>${today}</lastmod></url>`)
  .join('\n')
writeFileSync(
  join(outDir, 'sitemap.xml'),
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`,
)
writeFileSync(
  join(outDir, 'robots.txt'),
  `User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /my/\nDisallow: /changeprofile\nDisallow: /technical\n\nSitemap: ${origin}/sitemap.xml\n`,
)
// What this run rewrote must not be served from an older compressed copy.
for (const name of ['sitemap.xml', 'robots.txt']) precompress(join(outDir, name))
console.log(`sitemap.xml and robots.txt for ${origin}`)

// Precompresses the built site: beside every text file, `file.br` (brotli, quality 11) and
// `file.gz` (gzip, level 9), which nginx serves as they are (brotli_static, gzip_static) instead
// of compressing each answer at level 6. A copy that would not be smaller is not written.
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { extname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const appDir = resolve(fileURLToPath(import.meta.url), '..', '..')
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.xml', '.txt', '.json'])

/** Writes (or removes, when not worth it) the .br and .gz copies of one file. */
export function precompress(file) {
  const content = readFileSync(file)
  const copies = {
    br: brotliCompressSync(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gz: gzipSync(content, { level: 9 }),
  }
  const sizes = { raw: content.length }
  for (const [suffix, compressed] of Object.entries(copies)) {
    const target = `${file}.${suffix}`
    if (compressed.length < content.length) {
      writeFileSync(target, compressed)
      sizes[suffix] = compressed.length
    } else {
      rmSync(target, { force: true })
    }
  }
  return sizes
}

/** Every compressible file under dir, recursively. */
function textFiles(dir) {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => join(dir, name))
    .filter((path) => COMPRESSIBLE.has(extname(path)) && statSync(path).isFile())
}

export function precompressDir(dir) {
  let raw = 0
  let br = 0
  const files = textFiles(dir)
  for (const file of files) {
    const sizes = precompress(file)
    raw += sizes.raw
    br += sizes.br ?? sizes.raw
  }
  return { files: files.length, raw, br }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = resolve(appDir, process.argv[2] ?? 'dist')
  const { files, raw, br } = precompressDir(dir)
  console.log(
    `precompressed ${files} files: ${(raw / 1024).toFixed(1)} KB -> ${(br / 1024).toFixed(1)} KB brotli`,
  )
}

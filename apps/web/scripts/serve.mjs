// Serves the built site with nginx (Debian's package) as the current user, until interrupted:
// the config is written into a temporary prefix that also holds the pid, logs and temp files.
// `--demo` serves the static demo (dist-demo/) instead: files only, index.html as the fallback.
import { spawn, spawnSync } from 'node:child_process'
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { sitePolicy } from './csp.mjs'

const appDir = resolve(dirname(fileURLToPath(import.meta.url)), '..')

function nginxBinary() {
  const nginx =
    process.env.NGINX_BIN ?? (existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx')
  if (spawnSync(nginx, ['-v']).error) {
    throw new Error(`nginx not found (${nginx}): apt-get install -y nginx, or set NGINX_BIN`)
  }
  return nginx
}

function checkedPort(value) {
  const port = Number(value)
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`Bad WEB_PORT ${value}`)
  return port
}

const fill = (template, values) =>
  Object.entries(values).reduce(
    (text, [key, value]) => text.replaceAll(`__${key}__`, value),
    template,
  )
const readTemplate = (path) => readFileSync(join(appDir, path), 'utf8')
// As root, workers would drop to "nobody" and lose the prefix: keep the current user.
const userDirective = () =>
  typeof process.getuid === 'function' && process.getuid() === 0 ? 'user root;' : ''

const PREFIX_NAME = 'devenv-nginx-'

/** Whether a process of that id is running (signal 0 only asks). */
function isRunning(pid) {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return error?.code === 'EPERM'
  }
}

/**
 * Removes the prefixes of nginx servers that are gone: a server killed with its runner (kill -9,
 * a process group's SIGKILL) never reaches the removal below. A prefix younger than a minute may
 * belong to a server still starting, before it has written its pid.
 */
function sweepStalePrefixes() {
  for (const name of readdirSync(tmpdir())) {
    if (!name.startsWith(PREFIX_NAME)) continue
    const prefix = join(tmpdir(), name)
    try {
      if (Date.now() - statSync(prefix).mtimeMs < 60_000) continue
      const pidFile = join(prefix, 'nginx.pid')
      const pid = existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8').trim()) : Number.NaN
      if (Number.isInteger(pid) && pid > 0 && isRunning(pid)) continue
      rmSync(prefix, { recursive: true, force: true })
    } catch {
      // Another sweep removed it first, or it is not ours to read: leave it.
    }
  }
}

/** Runs nginx in the foreground on a config written into a fresh temporary prefix. */
function launch(nginx, writeConfig) {
  sweepStalePrefixes()
  const prefix = mkdtempSync(join(tmpdir(), PREFIX_NAME))
  mkdirSync(join(prefix, 'tmp'), { recursive: true })
  writeConfig(prefix)
  const child = spawn(
    nginx,
    ['-p', prefix, '-c', join(prefix, 'nginx.conf'), '-g', 'daemon off;'],
    {
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  )
  child.on('exit', () => rmSync(prefix, { recursive: true, force: true }))
  return { child, prefix }
}

export function startServer(options = {}) {
  const root = resolve(options.root ?? process.env.WEB_ROOT ?? join(appDir, 'dist'))
  const host = options.host ?? process.env.WEB_HOST ?? '127.0.0.1'
  const port = checkedPort(options.port ?? process.env.WEB_PORT ?? 4173)
  const upstream = (
    options.upstream ??
    process.env.API_UPSTREAM ??
    'http://127.0.0.1:4010'
  ).replace(/\/+$/, '')
  const mimeTypes = process.env.NGINX_MIME_TYPES ?? '/etc/nginx/mime.types'
  // Debian's libnginx-mod-http-brotli-static; without it the precompressed gzip copies are served.
  const brotliModule =
    process.env.NGINX_BROTLI_MODULE ?? '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so'
  const hasBrotli = existsSync(brotliModule)

  if (!existsSync(join(root, 'index.html')) || !existsSync(join(root, '404.html'))) {
    throw new Error(`No built site in ${root}: run "pnpm --filter @devenv/web build" first`)
  }
  if (!/^https?:\/\/[^\s;]+$/.test(upstream)) throw new Error(`Bad API_UPSTREAM ${upstream}`)
  const nginx = nginxBinary()

  const { child, prefix } = launch(nginx, (prefix) => {
    writeFileSync(
      join(prefix, 'security-headers.conf'),
      fill(readTemplate('nginx/security-headers.conf.template'), {
        CSP: sitePolicy(appDir, root),
      }),
    )
    writeFileSync(
      join(prefix, 'nginx.conf'),
      fill(readTemplate('nginx/nginx.conf.template'), {
        USER_DIRECTIVE: userDirective(),
        LOAD_MODULES: hasBrotli ? `load_module ${brotliModule};` : '',
        BROTLI_STATIC: hasBrotli ? 'brotli_static on;' : '',
        PREFIX: prefix,
        MIME_TYPES: mimeTypes,
        HOST: host,
        PORT: String(port),
        ROOT: root,
        API_UPSTREAM: upstream,
      }),
    )
  })
  return { child, prefix, url: `http://${host}:${port}`, upstream, brotli: hasBrotli }
}

/** The static demo (dist-demo/) with nothing but files and the fallback to index.html. */
export function startDemoServer(options = {}) {
  const root = resolve(options.root ?? process.env.WEB_ROOT ?? join(appDir, 'dist-demo'))
  const host = options.host ?? process.env.WEB_HOST ?? '127.0.0.1'
  const port = checkedPort(options.port ?? process.env.WEB_PORT ?? 4173)
  if (!existsSync(join(root, 'index.html'))) {
    throw new Error(`No demo in ${root}: run "pnpm build:demo" first`)
  }
  const nginx = nginxBinary()
  const { child, prefix } = launch(nginx, (prefix) => {
    writeFileSync(
      join(prefix, 'nginx.conf'),
      fill(readTemplate('demo/nginx.conf.template'), {
        USER_DIRECTIVE: userDirective(),
        PREFIX: prefix,
        MIME_TYPES: process.env.NGINX_MIME_TYPES ?? '/etc/nginx/mime.types',
        HOST: host,
        PORT: String(port),
        ROOT: root,
      }),
    )
  })
  return { child, prefix, url: `http://${host}:${port}` }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const demo = process.argv.includes('--demo')
    const server = demo ? startDemoServer() : startServer()
    console.log(
      demo
        ? `Serving the demo ${server.url} (nginx, prefix ${server.prefix}); no API: the stub runs in the browser`
        : `Serving ${server.url} (nginx, prefix ${server.prefix}, ${server.brotli ? 'brotli and gzip' : 'gzip only: apt-get install -y libnginx-mod-http-brotli-static for brotli'}); /api -> ${server.upstream}`,
    )
    for (const signal of ['SIGINT', 'SIGTERM']) {
      process.once(signal, () => server.child.kill('SIGQUIT'))
    }
    // However this process ends (an error, process.exit), nginx does not outlive it.
    process.on('exit', () => {
      server.child.kill('SIGTERM')
      rmSync(server.prefix, { recursive: true, force: true })
    })
    server.child.on('exit', (code) => process.exit(code ?? 0))
  } catch (error) {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  }
}

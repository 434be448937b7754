import { buildServer } from './src/server'
const app = buildServer({ mode: 'development', logLevel: 'silent', uniformAccountAnswers: true, rateLimits: 'off' } as never)
await app.ready()
const call = async (url: string, body?: unknown) => {
  const r = await app.inject({ method: body === undefined ? 'GET' : 'POST', url, headers: body === undefined ? {} : { 'content-type': 'application/json' }, payload: body === undefined ? undefined : JSON.stringify(body) })
  return r
}
const reset = () => app.inject({ method: 'POST', url: '/__dev/reset?all=true' })
for (const pw of ['aaaaaaaa', '12345678', 'password', '密码密码密码密码']) {
  await reset()
  const reg = await call('/api/auth/registration', { username: `new-${pw}@example.com`, password: pw, userType: 'PERSONAL' })
  await call('/api/auth/reset-password', { username: 'user@devenv.example' })
  const mail = (await call('/__dev/mailbox?to=user@devenv.example')).json().items[0]
  const set = await call('/api/auth/set-password', { username: mail.linkParams.user, hash: mail.linkParams.hash, password: pw })
  const signIn = await call('/api/auth/auth', { email: 'user@devenv.example', password: pw })
  const change = await call('/api/auth/change-password', { username: 'demo@devenv.example', oldPassword: 'DemoPass123!', newPassword: pw })
  console.log(`${pw}: register ${reg.statusCode}${reg.statusCode === 400 ? ' ' + JSON.stringify(reg.json().errors) : ''}; set-password ${set.statusCode}${set.statusCode === 400 ? ' ' + JSON.stringify(set.json().errors) : ''} (sign-in with it ${signIn.statusCode}); change-password ${change.statusCode}${change.statusCode === 400 ? ' ' + JSON.stringify(change.json().errors) : ''}`)
}
// Uniform registration: a new address and a taken one, 20 each, median times.
await reset()
const times = async (f: (i: number) => string) => {
  const list: number[] = []
  for (let i = 0; i < 21; i++) {
    const t = performance.now()
    const r = await call('/api/auth/registration', { username: f(i), password: 'Tbilisi-Sunrise-2025', userType: 'PERSONAL' })
    list.push(performance.now() - t)
    if (i === 0) console.log(f(i), r.statusCode, r.body)
  }
  list.sort((a, b) => a - b)
  return list[10]!.toFixed(1)
}
const fresh = await times((i) => `fresh-${i}@example.com`)
const taken = await times(() => 'user@devenv.example')
console.log(`uniform registration median: new ${fresh} ms, taken ${taken} ms`)
await app.close()

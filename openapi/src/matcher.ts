import type { Operation } from './operations'

/** An operation found for a concrete request, with the values of its path parameters. */
export type OperationMatch = {
  operation: Operation
  /** Path parameters as sent (percent-decoded): `{ id: 'fa19cd7d-...' }`. */
  pathParams: Record<string, string>
  /** The API prefix the path was sent under (`/api` or `/api/v1`). */
  prefix: string
}

/** Finds the operation of `(method, concrete path)`; the query string, if any, is ignored. */
export type OperationMatcher = (method: string, path: string) => OperationMatch | undefined

type Route = {
  operation: Operation
  /** Segments of the template after the prefix; `null` stands for a parameter. */
  segments: Array<string | null>
  names: string[]
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

/**
 * Builds the matcher once per contract. Literal segments win over parameters (`/auth/verify`
 * before `/auth/{x}`), as OpenAPI requires, because the routes are tried literal-first.
 */
export function createOperationMatcher(
  operations: readonly Operation[],
  prefixes: readonly string[],
): OperationMatcher {
  const byMethod = new Map<string, Route[]>()
  for (const operation of operations) {
    const parts = operation.path.split('/').slice(1)
    const route: Route = {
      operation,
      segments: parts.map((part) => (/^\{[^}]+\}$/.test(part) ? null : part)),
      names: parts.flatMap((part) => /^\{([^}]+)\}$/.exec(part)?.[1] ?? []),
    }
    const method = operation.method.toUpperCase()
    const routes = byMethod.get(method) ?? []
    routes.push(route)
    byMethod.set(method, routes)
  }
  const literalCount = (route: Route) => route.segments.filter((segment) => segment !== null).length
  for (const routes of byMethod.values()) routes.sort((a, b) => literalCount(b) - literalCount(a))
  // Longest prefix first, so `/api/v1/x` is not read as `/api` + `/v1/x`.
  const ordered = [...prefixes].sort((a, b) => b.length - a.length)
  // Paths without parameters are found in one lookup: most requests (sign-in, contact, health)
  // take them, and the stub routes every request it answers through this matcher. A template
  // without parameters is the most literal route of its length, so the lookup agrees with the walk.
  const literal = new Map<string, OperationMatch>()
  for (const [method, routes] of byMethod) {
    for (const route of routes) {
      if (route.names.length > 0) continue
      for (const prefix of ordered) {
        const key = `${method} ${prefix}${route.operation.path}`
        if (!literal.has(key))
          literal.set(key, { operation: route.operation, pathParams: {}, prefix })
      }
    }
  }

  const matchRoute = (routes: Route[], rest: string[]): Route | undefined =>
    routes.find(
      (route) =>
        route.segments.length === rest.length &&
        route.segments.every((segment, index) => segment === null || segment === rest[index]),
    )

  return (method, rawPath) => {
    const upper = method.toUpperCase()
    const routes = byMethod.get(upper)
    if (!routes) return undefined
    const query = rawPath.indexOf('?')
    const path = query === -1 ? rawPath : rawPath.slice(0, query)
    const found = literal.get(`${upper} ${path}`)
    // A fresh object each time: callers may keep or change what they are given.
    if (found) return { ...found, pathParams: {} }
    for (const prefix of ordered) {
      if (!path.startsWith(`${prefix}/`)) continue
      const rest = path.slice(prefix.length).split('/').slice(1)
      const route = matchRoute(routes, rest)
      if (!route) continue
      const pathParams: Record<string, string> = {}
      let name = 0
      route.segments.forEach((segment, index) => {
        if (segment === null) pathParams[route.names[name++] as string] = decode(rest[index] ?? '')
      })
      return { operation: route.operation, pathParams, prefix }
    }
    return undefined
  }
}

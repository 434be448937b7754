/**
 * Stands in for the `graphql` package in the browser stub's bundle: MSW loads it only to parse
 * GraphQL requests, which the stub never handles, and it would double the bundle's size.
 */
export function parse(): never {
  throw new Error('The stub mocks no GraphQL API')
}

/**
 * The development client of the stub, kept under its old name for the web app's demo panel and
 * tests: the one definition is the development protocol's, `@devenv/openapi/dev-protocol`
 * (openapi/dev-protocol.yaml). New code imports it from there.
 */
export * from '@devenv/openapi/dev-protocol'

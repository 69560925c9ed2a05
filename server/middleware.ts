// The entry of the middleware package for other services (packages/middleware): the typed
// endpoints of each API, its validator, its auth middleware (keys from a list or an asynchronous
// lookup) and its error handler. It loads the protocol and the HTTP pipeline only, never the
// reference handlers, the sandbox or a storage driver (test/protocol-imports.test.ts).
export * from './endpoints.ts';
export { exchangeValidator, merchantValidator, partnerValidator, type AuthOption, type MountedValidator, type ValidatorOptions } from './validators.ts';
export * from './auth/index.ts';

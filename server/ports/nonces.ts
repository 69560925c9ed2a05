// Port: used nonces of the exchange verifier (X2). In memory: server/auth/nonce-store.ts; in the
// state file: server/state/auth-state.ts; shared by instances: server/stores/redis-nonce-store.ts.

/**
 * What the exchange verifier needs from a nonce store: one atomic check-and-record. In memory it
 * answers synchronously (no promise on the hot path); a store shared by several instances (Redis,
 * server/stores/redis-nonce-store.ts) answers with a promise, and rejects with StoreUnavailableError
 * when it cannot be reached (the request is then refused with 503, never accepted).
 */
export interface NonceClaims {
  /** Records `nonce` for `accessKey` unless it was already used; false on reuse. */
  claim(accessKey: string, nonce: string): boolean | Promise<boolean>;
}

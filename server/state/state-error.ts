// A state file that cannot be used at start (newer schema, corrupt, unwritable): one line for the
// operator, printed by server/main.ts before it exits non-zero.
export class StateError extends Error {
  override readonly name = 'StateError';
}

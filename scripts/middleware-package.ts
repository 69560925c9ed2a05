// The middleware package, packages/middleware (`cryptopay-openapi-middleware`): what another
// service mounts on its Express app (the typed endpoints, the validators, the auth middleware and
// each API's error handler), from the compiled entries of dist/ and every module they import: the
// protocol (each API's auth, error body, wire forms, operation table), the HTTP pipeline and the
// generated documents and types; nothing of the reference handlers, the sandbox or the storage.
// `npm run build` calls this after compiling, as it does for the client package.
import { join } from 'node:path';
import { buildWorkspacePackage, closureOf, type Closure } from './client-package.ts';

/** The package's entries below dist/: `.` (everything) and `./auth` (the auth middleware alone, without the validator). */
export const MIDDLEWARE_ENTRIES = ['server/middleware', 'server/auth/index'] as const;

export const middlewareClosure = (dist: string): Closure => closureOf(dist, MIDDLEWARE_ENTRIES);

/** Copies the closure into packages/middleware/dist; returns the files copied. */
export function buildMiddlewarePackage(root: string): string[] {
  return buildWorkspacePackage(root, 'packages/middleware', middlewareClosure(join(root, 'dist')));
}

// The sandbox control API in the server: /sandbox/v1, mounted by createServer only when
// `sandbox.controlApi` is on (S-where), validated against its own document like the other three,
// never rate limited, the platform error body (S-errors).
import type { Router } from 'express';
import { sandboxContract } from '../../contracts/sandbox/index.ts';
import { sandboxOperations } from '../../contracts/sandbox/operations.ts';
import document from '../../generated/openapi/sandbox.document.ts';
import type { ApiModule } from '../api/module.ts';
import type { AnyHandler } from '../api/handler-map.ts';
import type { ServerConfig } from '../config/config.ts';
import { serverRouter } from '../http/api-router.ts';
import type { Logger } from '../http/pipeline.ts';
import { renderApiFailure } from '../http/render-api.ts';
import { ipKey } from '../http/rate-limit.ts';
import { sharedApiValidator } from '../validation/document-validator.ts';
import { sandboxAuth } from './auth.ts';
import type { SandboxControl } from './control.ts';
import { sandboxHandlers } from './handlers.ts';
import { preferring } from './prefer.ts';

export const sandboxApi: ApiModule<typeof sandboxOperations, unknown, 'sandbox'> = {
  id: 'sandbox',
  document,
  basePath: sandboxContract.basePath,
  operations: sandboxOperations,
  render: (failure, operationId) => renderApiFailure(failure, { currencyFields: [] }, operationId),
  clientKey: ipKey,
  auth: ({ settings: _ }) => () => undefined,
  defaultHandlers: () => {
    throw new Error('the sandbox control API is built by sandboxRouter');
  },
};

/** The router of /sandbox/v1 over `control`. */
export function sandboxRouter(control: SandboxControl, config: ServerConfig, log: Logger, document?: Record<string, unknown>): Router {
  const auth = sandboxAuth(config.merchant.keys);
  // S-prefer: whoever passed S-access is a sandbox caller.
  const handlers = sandboxHandlers(control, config) as unknown as Record<string, AnyHandler>;
  for (const [id, op] of Object.entries(sandboxOperations)) handlers[id] = preferring(op, handlers[id]!, () => true);
  return serverRouter(
    {
      api: sandboxApi as unknown as ApiModule,
      auth: () => auth,
      validator: sharedApiValidator(document ?? sandboxApi.document, { requests: config.validate !== 'none', responses: config.validate === 'all' }),
      bodyLimit: config.bodyLimit,
      log,
    },
    handlers,
  );
}

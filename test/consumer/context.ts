// What a consumer smoke-test step gets: the scratch project the packed tarball was installed into,
// the Node binaries to run under, and a way to start the sandbox from the package's own CLI.
export interface NodeRuntime {
  /** `20.20.2`, `22.23.3`, ... */
  version: string;
  /** Absolute path of the node executable. */
  bin: string;
}

export interface Sandbox {
  /** `http://127.0.0.1:<port>` */
  url: string;
  stop(): Promise<void>;
}

export interface ConsumerContext {
  /** The scratch project: package.json, node_modules with the installed tarball, express and the consumer's type packages, the fixtures. */
  dir: string;
  /** A second scratch project with the client package alone (cryptopay-openapi-client), typescript and @types/node: a client-only user. */
  clientOnlyDir: string;
  /** A third scratch project with the middleware package alone (cryptopay-openapi-middleware, express), typescript and the consumer's type packages. */
  middlewareDir: string;
  /** The packed toolkit tarball (absolute path). */
  tarball: string;
  /** The packed client package tarball (packages/client). */
  clientTarball: string;
  /** The packed middleware package tarball (packages/middleware). */
  middlewareTarball: string;
  /** The repository root. */
  repo: string;
  /** Every Node the steps run under; the first is the one running this script. */
  runtimes: readonly NodeRuntime[];
  /** Starts `npx cryptopay-toolkit serve --host 127.0.0.1 --port 0` under `node`; the caller stops it. */
  startSandbox(node: NodeRuntime): Promise<Sandbox>;
  /** Runs a command in the scratch project; throws with its output when it exits non-zero. */
  run(command: string, args: readonly string[], options?: { node?: NodeRuntime; env?: Record<string, string>; cwd?: string }): Promise<string>;
}

/** One named check; throws on failure. */
export interface ConsumerStep {
  name: string;
  run(ctx: ConsumerContext): Promise<void>;
}

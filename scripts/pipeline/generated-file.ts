// One file the pipeline writes. On its own so that the renderers index.ts runs (console-bundle.ts)
// can return it without importing index.ts back.
export interface GeneratedFile {
  /** Path relative to the repository root. */
  path: string;
  content: string;
}

// The options the real pipeline runs with (shared by generate and check so they cannot differ).
import type { PipelineOptions } from './index.ts';

export const pipelineOptions: PipelineOptions = {};

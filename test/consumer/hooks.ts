// Extra consumer smoke-test steps, run after the built-in ones with the same context: the place
// for (d), the browser bundle of the client loaded in headless Chromium against the sandbox.
import type { ConsumerStep } from './context.ts';

export const extraSteps: ConsumerStep[] = [];

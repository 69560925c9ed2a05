// Time as the server reads it: milliseconds since the Unix epoch, injected everywhere a decision
// depends on it, so tests and the sandbox's test clock (server/sandbox/clock.ts) control it.
export type Clock = () => number;

// The release history is read by the diff too (its default base), so it lives in scripts/diff/.
export * from '../diff/history.ts';

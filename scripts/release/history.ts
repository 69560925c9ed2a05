// The release history is read by the diff too (its default base), so it lives in tools/diff/.
export * from '../../tools/diff/history.ts';

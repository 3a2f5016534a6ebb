// The types of buildStamp.mjs, for the tests that import it.
export type InputFile = { path: string; size: number; mtimeMs: number };
export const BUILD_INPUTS: string[];
export const STAMP_FILE: string;
export const BUILD_OUTPUTS: string[];
export function stampOf(files: readonly InputFile[]): string;
export function buildReason(state: {
  written: string | undefined;
  current: string;
  outputsPresent: boolean;
}): string | undefined;
export function listInputs(root: string): InputFile[];
export function currentStamp(root: string): string;
export function whyBuild(root: string): string | undefined;
export function writeStamp(root: string, stamp: string): void;

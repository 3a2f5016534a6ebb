// Whether an entry runs in the sandbox, from the entry, the platform and what the sandbox found: one place decides.
import type { UnsandboxedReason } from '../../shared/sandbox';
import type { ServerEntry } from '../../shared/types';
import { isRemoteEntry } from '../../shared/types';
import { WORKSPACE_COMMAND } from '../servers/transport/builtin';
import type { RuntimeStatus } from './runtime';

export type SandboxDecision =
  | { kind: 'sandboxed' }
  | { kind: 'unsandboxed'; reason: UnsandboxedReason; message: string }
  | { kind: 'remote' };

/**
 * How `entry` runs: remote servers run elsewhere; a local one runs sandboxed unless its entry turns the
 * sandbox off, the built-in runs inside the app (`builtinInApp`), or the sandbox is not available (`runtime`,
 * once known).
 */
export function sandboxDecision(
  entry: ServerEntry,
  runtime: RuntimeStatus | undefined,
  builtinInApp: boolean,
): SandboxDecision {
  if (isRemoteEntry(entry)) return { kind: 'remote' };
  if (entry.sandbox === false) {
    return {
      kind: 'unsandboxed',
      reason: 'turned-off',
      message: 'Its sandbox is turned off ("sandbox": false): it sees and changes everything you can.',
    };
  }
  if (entry.command === WORKSPACE_COMMAND && builtinInApp) {
    return {
      kind: 'unsandboxed',
      reason: 'built-in',
      message:
        'The built-in workspace server runs inside the app in this build; it reads only the folders you share.',
    };
  }
  if (runtime && !runtime.ok)
    return { kind: 'unsandboxed', reason: runtime.reason, message: runtime.message };
  return { kind: 'sandboxed' };
}

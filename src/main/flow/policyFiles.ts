// Where an organisation's policy.json lives on each platform, and reading it (and one named with --policy) without ever failing open.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { messageOf } from '../errors';
import { isMissing } from '../storage/settingsFile';
import { closedPolicy, type OrgPolicy, parsePolicy } from './orgPolicy';

/** The system-wide policy file: /etc/switchboard on Linux, /Library/Application Support/Switchboard on macOS, %ProgramData%\Switchboard on Windows. */
export function systemPolicyPath(
  platform: NodeJS.Platform = process.platform,
  env: NodeJS.ProcessEnv = process.env,
): string {
  if (platform === 'win32') return join(env.ProgramData ?? 'C:\\ProgramData', 'Switchboard', 'policy.json');
  if (platform === 'darwin') return '/Library/Application Support/Switchboard/policy.json';
  return '/etc/switchboard/policy.json';
}

/**
 * Reads the policy files. A missing system file means no policy; a missing named one, or any file that cannot be
 * read, blocks everything (the app cannot know what it would have blocked).
 */
export async function loadPolicies(files: readonly { path: string; named: boolean }[]): Promise<OrgPolicy[]> {
  const read = async ({ path, named }: { path: string; named: boolean }): Promise<OrgPolicy | undefined> => {
    try {
      return parsePolicy(await readFile(path, 'utf8'), path);
    } catch (error) {
      if (isMissing(error) && !named) return undefined;
      const why = isMissing(error) ? 'it does not exist' : messageOf(error);
      return closedPolicy(path, `The policy file ${path} could not be read (${why}).`);
    }
  };
  const policies = await Promise.all(files.map(read));
  return policies.filter((policy): policy is OrgPolicy => policy !== undefined);
}

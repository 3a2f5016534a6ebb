// What the person is shown when a server that came from elsewhere, or changed, waits for their approval.
import type { NetworkChoice } from './sandbox';

/** Whether a configured server may run: the person approved what it runs now, has not decided yet, or said no. */
export type ServerApprovalState = 'approved' | 'waiting' | 'denied';

/** Whether a server may run: its approval, or blocked by the organisation's policy whatever the person said. */
export type ServerRunState = ServerApprovalState | 'blocked';

/** Where a server came from (the same shape as the bring-in seam's `ServerOrigin`). */
export type ServerOriginView = {
  route: 'import' | 'registry' | 'bundle' | 'link' | 'outside';
  from: string;
};

/**
 * An environment variable or header and its value in words: a reference says what it stands for and where its
 * value will come from ("value you will be asked for (input github.GITHUB_TOKEN)"); text that may be a secret
 * is hidden. Never a secret value itself.
 */
export type NamedValue = { name: string; value: string };

/** What a server would run: the exact argv (never a shell line), or the address; secret values are never included. */
export type LaunchView =
  | {
      transport: 'stdio';
      command: string;
      args: string[];
      cwd?: string;
      env: NamedValue[];
      /** `off`: it runs as the user; else the network its sandbox allows, and the list derived from the entry. */
      sandbox: 'off' | { network: NetworkChoice; defaultHosts: string[] };
    }
  | { transport: 'http' | 'sse' | 'auto'; url: string; headers: NamedValue[] };

/** One server that does not run until the person approves it. */
export type ServerApprovalRequest = {
  /** Names this server as it is now (its name and what it runs). */
  id: string;
  name: string;
  /** The identity the answer approves; a server that changed since is asked about again. */
  identity: string;
  origin: ServerOriginView;
  launch: LaunchView;
  /** For a server that ran before: what it ran when last approved and what it runs now, a line per part. */
  change?: { before: string; after: string };
  state: 'waiting' | 'denied';
};

// What an entry (Electron or browser mode) tells the host when it starts it, and where the host keeps its files.
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { UnpackLimits } from './bundles/limits';
import type { BuiltinScripts } from './servers/transport/builtin';
import type { SecretStore } from './settings/secrets';

export type HostOptions = {
  dataDir: string;
  configPath?: string;
  /** The person named the config file when starting the app (`--config`): its servers as they are now are theirs. */
  configNamed?: boolean;
  /**
   * Opens an https link after the person confirms; absent where the host cannot show a confirmation.
   * Sign-in pages open through it too, after the person has seen whose page it is and what it asks for.
   */
  openExternal?: (url: string) => Promise<boolean>;
  /** Told when the page switches language (Electron rebuilds its menu); the host's own words follow by themselves. */
  languageChanged?: () => void;
  initTimeoutMs?: number;
  /** How long a tool call may go without an answer or progress (60 s when absent). */
  callTimeoutMs?: number;
  /** Waits before automatic restarts of a failed server; the last one repeats. */
  restartBackoffMs?: number[];
  /** Where the built-in servers' scripts are; with them, a first run starts with the workspace server. */
  builtinScripts?: BuiltinScripts;
  /** The native folder dialog (Electron); absent in browser mode, which has its own folder browser. */
  pickFolder?: () => Promise<string | null>;
  /** The native file dialog for a .mcpb bundle (Electron); browser mode types the path instead. */
  pickBundle?: () => Promise<string | null>;
  /** How far a bundle may unpack (`DEFAULT_UNPACK_LIMITS` for what is not given). */
  bundleLimits?: Partial<UnpackLimits>;
  /** Lets the person save a file where they choose (Electron); absent in browser mode. */
  saveFile?: (suggestedName: string, data: Buffer) => Promise<boolean>;
  /** Whether config.json is watched for changes made by other programs (on unless false). */
  watchConfig?: boolean;
  /**
   * True when the app was started from a terminal (browser mode): its PATH is the login shell's, so no shell is
   * run to read it. A desktop launcher's PATH is not, and the app reads it from a login shell.
   */
  terminalPath?: boolean;
  /** How long whole copies of large frames and results stay for "Show all" (`FRAME_STORE_LIMITS` when absent). */
  keepWholeMs?: number;
  /**
   * Encrypted storage where the platform has one (Electron's safeStorage). Without it, API keys stay in
   * config.json, and sign-in tokens and input values (the secret values of server entries) go to
   * credentials.json in the data folder; both are mode 0600.
   */
  secrets?: SecretStore;
  /** False runs every local server as the user, without the sandbox (on unless false). */
  sandbox?: boolean;
  /**
   * An organisation's policy file named when starting the app (`--policy`), read with the system-wide one
   * (`systemPolicyPath`); each can only tighten what the other allows.
   */
  policyPath?: string;
};

/** Where the app keeps its files when nothing else is said. */
export function defaultDataDir(): string {
  return join(homedir(), '.switchboard');
}

// What the window sees of the MCP registry and of installing from it: entries, install questions, previews.
import type { HostText } from './hostText';
import type { ServerEntry } from './types';

/** The official registry, used when the person has not named another. */
export const DEFAULT_REGISTRY_URL = 'https://registry.modelcontextprotocol.io';

export type RegistryStatus = 'active' | 'deprecated' | 'deleted';

export type RegistryIcon = { src: string; mimeType?: string; theme?: 'light' | 'dark' };

/** One way to run a server: a package (npm, PyPI, OCI, .mcpb …) or a remote address. */
export type RegistryOption = {
  kind: 'package' | 'remote';
  index: number;
  /** "npm", "pypi", "oci", "mcpb", "nuget" … for packages; "streamable-http" or "sse" for remotes. */
  type: string;
  /** Package name, image or download address; the URL (template) of a remote. */
  identifier: string;
  version?: string;
  /** Why Switchboard cannot install this one, when it cannot (English; `unsupportedText` in the person's language). */
  unsupported?: string;
  unsupportedText?: HostText;
};

/** A registry entry as the window shows it; every text is the publisher's, shown as text. */
export type RegistryServerView = {
  name: string;
  version: string;
  title?: string;
  description: string;
  status: RegistryStatus;
  repositoryUrl?: string;
  websiteUrl?: string;
  icons: RegistryIcon[];
  options: RegistryOption[];
};

export type RegistryPage = {
  servers: RegistryServerView[];
  nextCursor?: string;
  /** Entries of this page left out because they are deprecated or deleted. */
  hidden: number;
  /** Entries of this page that do not fit the server.json schema, left out. */
  unreadable: number;
};

/** A value the person is asked for before installing: an environment variable, argument, header or URL part. */
export type InstallField = {
  key: string;
  where: 'env' | 'argument' | 'header' | 'url';
  /** The variable, flag or placeholder name, as the publisher wrote it. */
  label: string;
  description?: string;
  required: boolean;
  /** Kept in the secret store, never in config.json. */
  secret: boolean;
  default?: string;
  choices?: string[];
  placeholder?: string;
};

/** Whether the program that runs a package is on the person's PATH. */
export type RuntimeCheck = { command: string; found: boolean };

/** What installing one option would do, before the person fills the fields in. */
export type InstallPreview = {
  suggestedName: string;
  fields: InstallField[];
  /** The entry as it would be with the defaults (secret values as `${input:…}` references). */
  entry?: ServerEntry;
  runtime?: RuntimeCheck;
  notes: string[];
};

export type InstallChoice = { kind: 'package' | 'remote'; index: number };

export type RegistrySettingsView = { url: string; isDefault: boolean };

/** What bringing servers in did: the names added (waiting for approval) and the ones skipped. */
export type BringInResult = { added: string[]; skipped: string[]; notes: string[] };

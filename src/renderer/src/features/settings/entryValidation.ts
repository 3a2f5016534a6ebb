// Checks a server name and entry text with the config's own zod schemas, in plain words.
import { type ZodError, z } from 'zod';
import {
  issueText,
  remoteServerSchema,
  serverEntrySchema,
  serverNameSchema,
  stdioServerSchema,
} from '../../../../shared/configSchema';
import type { ServerEntry } from '../../../../shared/types';
import { hostWords } from '../../components/format';
import { translate } from '../../i18n';

/** JSON schema for the editor's squiggles. */
export const serverEntryJsonSchema: object = z.toJSONSchema(serverEntrySchema, { io: 'input' });

export type EntryCheck = { entry: ServerEntry; errors: [] } | { entry: null; errors: string[] };

/** The schema's own problems in the page's language (by their id); zod's own messages as zod wrote them. */
function schemaIssueText(issue: ZodError['issues'][number]): string {
  return hostWords(issue.message, issueText(issue));
}

function issueMessages(error: ZodError): string[] {
  return error.issues.map((issue) => {
    // The schema's own messages in the page's language; field names (and zod's own messages) as written.
    const message =
      issue.code === 'unrecognized_keys'
        ? translate('serverEditor.validation.unknownField', {
            fields: issue.keys.map((key) => `"${key}"`).join(', '),
          })
        : schemaIssueText(issue);
    return issue.path.length > 0
      ? translate('serverEditor.validation.atPath', { path: issue.path.join('.'), message })
      : message;
  });
}

/** Parses and validates the entry; a `url` (or a `type` of http/sse) picks the remote shape, anything else stdio. */
export function checkEntry(text: string): EntryCheck {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return {
      entry: null,
      errors: [
        translate('serverEditor.validation.invalidJson', {
          error: error instanceof Error ? error.message : String(error),
        }),
      ],
    };
  }
  return checkEntryValue(value);
}

/** Validates a parsed entry; a `type` of http/sse picks the remote shape, anything else stdio. */
export function checkEntryValue(value: unknown): EntryCheck {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return {
      entry: null,
      errors: [
        translate('serverEditor.validation.notObject', { example: '{ "command": "npx", "args": [] }' }),
      ],
    };
  }
  const remote = 'url' in value || ('type' in value && (value.type === 'http' || value.type === 'sse'));
  const result = remote ? remoteServerSchema.safeParse(value) : stdioServerSchema.safeParse(value);
  return result.success
    ? { entry: result.data, errors: [] }
    : { entry: null, errors: issueMessages(result.error) };
}

/** Validates the name, and that it does not clash with another server. */
export function checkName(name: string, taken: readonly string[], previousName?: string): string[] {
  const result = serverNameSchema.safeParse(name);
  if (!result.success) return issueMessages(result.error).slice(0, 1);
  if (name !== previousName && taken.includes(name))
    return [translate('serverEditor.validation.nameTaken', { name })];
  return [];
}

/** One server of a pasted block, checked: its entry when valid, and what is wrong with it or its name. */
export type CheckedServer = { name: string; entry: ServerEntry | null; problems: string[] };

/** Checks every server of a block: names (also against each other and `taken`) and entries. */
export function checkServers(
  servers: readonly { name: string; entry: unknown }[],
  taken: readonly string[],
): CheckedServer[] {
  return servers.map(({ name, entry }, index) => {
    const check = checkEntryValue(entry);
    const twice = servers.findIndex((other) => other.name === name) !== index;
    const problems = [
      ...checkName(name, taken),
      ...(twice ? [translate('serverEditor.validation.nameTwice', { name })] : []),
      ...check.errors,
    ];
    return { name, entry: check.entry, problems };
  });
}

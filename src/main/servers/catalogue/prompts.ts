// A server's prompts and argument completions, in the shapes the renderer and a conversation use.
import { ProtocolError, type ContentBlock as SdkContentBlock } from '@modelcontextprotocol/client';
import type { CompletionRef, CompletionResult, PromptResult } from '../../../shared/resources';
import type { ContentBlock } from '../../../shared/types';
import { HostFault, type HostText, messageOf } from '../../errors';
import type { ServerConnection } from '../session/connection';

const MAX_COMPLETIONS = 100;
const COMPLETION_TIMEOUT_MS = 10_000;
const INVALID_PARAMS = -32602;

export type RequestSignal = { signal?: AbortSignal };

/**
 * Gets one prompt with its arguments filled in. A prompt the server does not know, or a missing or
 * wrong argument, comes back as `invalid_input` carrying the server's own words.
 */
export function getPrompt(
  connection: ServerConnection,
  name: string,
  args: Record<string, string>,
  options: RequestSignal = {},
): Promise<PromptResult> {
  return connection.withClient({ id: 'host.servers.getPromptFailed', values: { name } }, async (client) => {
    try {
      const result = await client.getPrompt({ name, arguments: args }, { signal: options.signal });
      return {
        ...(result.description !== undefined ? { description: result.description } : {}),
        messages: result.messages.map((message) => ({
          role: message.role,
          content: toContentBlock(message.content),
        })),
      };
    } catch (error) {
      if (options.signal?.aborted)
        throw new HostFault('cancelled', { id: 'host.servers.getPromptCancelled', values: { name } });
      if (protocolCode(error) === INVALID_PARAMS) throw new HostFault('invalid_input', serverSaysText(error));
      throw error;
    }
  });
}

/**
 * Suggestions for one argument of a prompt or a resource template. A server without the
 * `completions` capability, or one that cannot complete this argument, gives no suggestions.
 * Aborting `signal` (a newer keystroke) rejects with `cancelled`.
 */
export function complete(
  connection: ServerConnection,
  ref: CompletionRef,
  argument: { name: string; value: string },
  context?: Record<string, string>,
  options: RequestSignal = {},
): Promise<CompletionResult> {
  return connection.withClient(
    { id: 'host.servers.completeFailed', values: { name: argument.name } },
    async (client) => {
      if (!client.getServerCapabilities()?.completions) return { values: [] };
      try {
        const { completion } = await client.complete(
          { ref, argument, ...(context ? { context: { arguments: context } } : {}) },
          { signal: options.signal, timeout: COMPLETION_TIMEOUT_MS },
        );
        const values = completion.values.slice(0, MAX_COMPLETIONS);
        const capped = completion.values.length > values.length;
        return {
          values,
          ...(completion.total !== undefined ? { total: completion.total } : {}),
          ...(completion.hasMore !== undefined || capped ? { hasMore: capped || completion.hasMore } : {}),
        };
      } catch (error) {
        if (options.signal?.aborted) {
          throw new HostFault('cancelled', {
            id: 'host.servers.completeReplaced',
            values: { name: argument.name },
          });
        }
        if (protocolCode(error) !== undefined) return { values: [] };
        throw error;
      }
    },
  );
}

/** A content block from a server, keeping only the fields the host and the renderer know. */
export function toContentBlock(block: SdkContentBlock): ContentBlock {
  switch (block.type) {
    case 'text':
      return { type: 'text', text: block.text };
    case 'image':
    case 'audio':
      return { type: block.type, data: block.data, mimeType: block.mimeType };
    case 'resource': {
      const { uri, mimeType } = block.resource;
      const body = 'text' in block.resource ? { text: block.resource.text } : { blob: block.resource.blob };
      return { type: 'resource', resource: { uri, ...(mimeType ? { mimeType } : {}), ...body } };
    }
    case 'resource_link':
      return {
        type: 'resource_link',
        uri: block.uri,
        name: block.name,
        ...(block.title ? { title: block.title } : {}),
        ...(block.description ? { description: block.description } : {}),
        ...(block.mimeType ? { mimeType: block.mimeType } : {}),
      };
    default:
      return { type: 'text', text: `[content of an unknown kind: ${(block as { type: string }).type}]` };
  }
}

/** The JSON-RPC error code a server answered with, if the error is one. */
export function protocolCode(error: unknown): number | undefined {
  return error instanceof ProtocolError ? error.code : undefined;
}

/** A server's error message for a person (`The server says: …`), without the SDK's `MCP error -32602:` prefix. */
export function serverSaysText(error: unknown): HostText {
  return { id: 'host.servers.serverSays', values: serverSaysValues(error) };
}

/** The values `said` (`yes` or `no`) and `words` (the server's own words) for messages that end in what the server says. */
export function serverSaysValues(error: unknown): { said: 'yes' | 'no'; words: string } {
  const words = messageOf(error)
    .replace(/^(MCP error -?\d+:\s*)+/, '')
    .trim();
  return { said: words ? 'yes' : 'no', words };
}

// Fetches a prompt's messages with `prompts.get` and turns them into context for the next message.
import type { ContextItem } from '../../../../shared/resources';
import type { HostClient } from '../../api';
import type { PromptEntry } from './catalog';

/** The prompt as a `prompt` context item (the host's error, e.g. invalid_input, is thrown as it is). */
export async function fetchPrompt(
  host: HostClient,
  entry: PromptEntry,
  args: Record<string, string>,
): Promise<ContextItem> {
  const result = await host.invoke('prompts.get', { server: entry.server, name: entry.prompt.name, args });
  const item: ContextItem = {
    kind: 'prompt',
    server: entry.server,
    name: entry.prompt.name,
    messages: result.messages.map(({ role, content }) => ({ role, content })),
  };
  const title = entry.prompt.title?.trim();
  return title ? { ...item, title } : item;
}

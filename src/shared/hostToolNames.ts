// The names the model calls the host's own tools by: `switchboard__<tool>`, a namespace no server's tool is given.

export const HOST_NAMESPACE = 'switchboard';
const HOST_PREFIX = `${HOST_NAMESPACE}__`;

/** The model's name of the host tool `tool` (`switchboard__search_tools`). */
export function hostToolName(tool: string): string {
  return `${HOST_PREFIX}${tool}`;
}

/** Whether `name` is in the host's namespace, so no server's tool can have it. */
export function isHostToolName(name: string): boolean {
  return name.startsWith(HOST_PREFIX);
}

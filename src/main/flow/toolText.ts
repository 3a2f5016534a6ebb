// Hidden Unicode tag characters taken out of what a server wrote before the model reads it: a tool's result and its description.
import { stripTags } from '../../shared/flow';
import type { Json, ToolCallResult } from '../../shared/types';

/** The result without tag characters in any text it carries, and whether any were there. */
export function stripResultTags(result: ToolCallResult): { result: ToolCallResult; stripped: boolean } {
  let stripped = false;
  const clean = (text: string): string => {
    const out = stripTags(text);
    stripped ||= out.stripped;
    return out.text;
  };
  const content = result.content.map((block) => {
    if (block.type === 'text') return { ...block, text: clean(block.text) };
    if (block.type === 'resource' && block.resource.text !== undefined)
      return { ...block, resource: { ...block.resource, text: clean(block.resource.text) } };
    if (block.type === 'resource_link')
      return {
        ...block,
        name: clean(block.name),
        ...(block.title === undefined ? {} : { title: clean(block.title) }),
        ...(block.description === undefined ? {} : { description: clean(block.description) }),
      };
    return block;
  });
  const structured =
    result.structuredContent === undefined
      ? {}
      : { structuredContent: cleanJson(result.structuredContent, clean) };
  return { result: { ...result, content, ...structured }, stripped };
}

function cleanJson(value: Json, clean: (text: string) => string): Json {
  if (typeof value === 'string') return clean(value);
  if (Array.isArray(value)) return value.map((item) => cleanJson(item, clean));
  if (value !== null && typeof value === 'object') {
    const out: { [key: string]: Json } = {};
    for (const [key, item] of Object.entries(value)) out[clean(key)] = cleanJson(item, clean);
    return out;
  }
  return value;
}

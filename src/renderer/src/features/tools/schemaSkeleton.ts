// A tool's arguments to start from: every required field (and each with a default) with a value of its type.
import type { Json } from '../../../../shared/types';

/** How deep nested objects are filled in; deeper ones start empty. */
const MAX_DEPTH = 4;

type Schema = { [key: string]: unknown };

const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The arguments object for `schema`: its required properties and those with defaults, filled in by type. */
export function argumentsSkeleton(schema: unknown, depth = 0): { [key: string]: Json } {
  const skeleton: { [key: string]: Json } = {};
  if (!isSchema(schema) || !isSchema(schema.properties)) return skeleton;
  const required = Array.isArray(schema.required) ? schema.required : [];
  for (const [name, property] of Object.entries(schema.properties)) {
    const wanted = required.includes(name) || (isSchema(property) && 'default' in property);
    if (wanted) skeleton[name] = valueFor(property, depth + 1);
  }
  return skeleton;
}

/** A value `schema` accepts, or comes close to: its default, const or first choice, else an empty one of its type. */
function valueFor(schema: unknown, depth: number): Json {
  if (!isSchema(schema)) return null;
  if ('default' in schema) return schema.default as Json;
  if ('const' in schema) return schema.const as Json;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0] as Json;
  const branches = [schema.anyOf, schema.oneOf].find(Array.isArray);
  if (branches && branches.length > 0) return valueFor(branches[0], depth);
  const type = Array.isArray(schema.type) ? schema.type.find((kind) => kind !== 'null') : schema.type;
  switch (type) {
    case 'string':
      return '';
    case 'number':
    case 'integer':
      return typeof schema.minimum === 'number' ? schema.minimum : 0;
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'object':
      return depth < MAX_DEPTH ? argumentsSkeleton(schema, depth) : {};
    default:
      return isSchema(schema.properties) && depth < MAX_DEPTH ? argumentsSkeleton(schema, depth) : null;
  }
}

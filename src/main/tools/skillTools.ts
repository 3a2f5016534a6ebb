// The host tools `load_skill` and `read_skill_file`: a skill the person approved, read and verified, and the files it names.
import type { LoadedSkill } from '../../shared/skills';
import type { Json, ServerView, ToolCallResult } from '../../shared/types';
import { HostFault, messageOf } from '../errors';
import type { SkillRoom } from '../skills/skillRoom';
import { skillFileForModel, skillForModel } from '../skills/skillText';
import type { HostTool, HostToolContext } from './hostTools';

/** What the tools need: the skills room, and the servers as they are now (to offer the tools where skills are). */
export type SkillToolDeps = {
  skills: Pick<SkillRoom, 'load' | 'readFile' | 'servesSkills'>;
  servers: () => readonly ServerView[];
};

const REF_SCHEMA = {
  type: 'object',
  properties: {
    server: { type: 'string', description: 'The server the skill comes from, as listed.' },
    uri: { type: 'string', description: 'The skill’s SKILL.md URI, as listed or as named to you.' },
  },
  required: ['server', 'uri'],
  additionalProperties: false,
} satisfies Json;

/** `load_skill` and `read_skill_file`, offered while a server of the conversation serves skills. */
export function skillTools({ skills, servers }: SkillToolDeps): HostTool[] {
  const offered = (chosen: readonly string[] | undefined) =>
    skills.servesSkills(servers().filter((view) => chosen === undefined || chosen.includes(view.name)));
  const loadSkill: HostTool = {
    name: 'load_skill',
    description:
      'Loads a skill of an MCP server: its SKILL.md instructions and the list of its other files. Give the server and the SKILL.md URI exactly as the skills list or a server names them. The user approves a skill before it loads; a refusal says why.',
    inputSchema: REF_SCHEMA,
    offered: (step) => offered(step.servers),
    async answer(args, context) {
      const ref = refOf(args, context);
      if (typeof ref === 'string') return failure(ref, {});
      try {
        const { skill, text, files } = await skills.load(ref, { ...run(context), by: 'model' });
        const loaded: LoadedSkill = {
          server: skill.server,
          uri: skill.uri,
          name: skill.name,
          label: skill.label,
          dynamic: skill.files === 'dynamic',
        };
        return {
          content: [{ type: 'text', text: skillForModel(skill, text, files) }],
          structuredContent: loaded,
        };
      } catch (error) {
        return refused(error, context, ref);
      }
    },
  };
  const readSkillFile: HostTool = {
    name: 'read_skill_file',
    description:
      'Reads one file of a skill loaded in this conversation, from the same server: give the server and the file’s URI as load_skill listed it. Files that are not part of the skill as loaded are not read.',
    inputSchema: {
      ...REF_SCHEMA,
      properties: {
        server: { type: 'string', description: 'The server the loaded skill comes from.' },
        uri: {
          type: 'string',
          description:
            'The file’s URI as load_skill listed it (a path such as references/guide.md is read from the skill’s folder).',
        },
      },
    },
    offered: (step) => offered(step.servers),
    async answer(args, context) {
      const ref = refOf(args, context);
      if (typeof ref === 'string') return failure(ref, {});
      try {
        const { skill, text } = await skills.readFile(ref.server, ref.uri, { ...run(context), by: 'model' });
        const read = { server: skill.server, uri: ref.uri, skill: skill.label };
        return {
          content: [{ type: 'text', text: skillFileForModel(skill, ref.uri, text) }],
          structuredContent: read,
        };
      } catch (error) {
        return refused(error, context, ref);
      }
    },
  };
  return [loadSkill, readSkillFile];
}

function run(context: HostToolContext) {
  return { conversationId: context.conversationId, signal: context.signal };
}

/** The server and URI the model gave, or what is wrong with them. */
function refOf(args: Json, context: HostToolContext): { server: string; uri: string } | string {
  const value = args && typeof args === 'object' && !Array.isArray(args) ? args : {};
  const { server, uri } = value as { server?: unknown; uri?: unknown };
  if (typeof server !== 'string' || typeof uri !== 'string' || !server || !uri)
    return 'Give "server" and "uri" as strings, exactly as listed.';
  if (context.servers && !context.servers.includes(server))
    return `"${server}" is not one of the servers of this conversation.`;
  return { server, uri };
}

/** A refusal the model reads and the card shows; a call the person stopped stays stopped. */
function refused(
  error: unknown,
  context: HostToolContext,
  ref: { server: string; uri: string },
): ToolCallResult {
  if (context.signal.aborted || (error instanceof HostFault && error.code === 'cancelled')) throw error;
  return failure(messageOf(error), ref);
}

function failure(text: string, ref: { server?: string; uri?: string }): ToolCallResult {
  return { content: [{ type: 'text', text }], isError: true, structuredContent: { ...ref, refused: text } };
}

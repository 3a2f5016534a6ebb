// What the page says of skills: the conversation's card lines, the approval badge and changes, and the question queue.
import { describe, expect, it } from 'vitest';
import { hostCallLine } from '../../src/renderer/src/features/chat/hostCallText';
import { approvalText, changeLines } from '../../src/renderer/src/features/skills/skillWords';
import {
  createSkillsActions,
  type SkillsState,
  skillsInitial,
} from '../../src/renderer/src/store/skillsSlice';
import type { ToolCallView } from '../../src/shared/chat';
import type { SkillApprovalRequest, SkillView } from '../../src/shared/skills';

const URI = 'skill://acme/billing/refunds/SKILL.md';
const call = (over: Partial<ToolCallView>): ToolCallView => ({
  id: 'c',
  server: '',
  tool: 'load_skill',
  name: 'switchboard__load_skill',
  args: { server: 'billing', uri: URI },
  status: 'done',
  host: true,
  ...over,
});

describe('skill cards in the conversation', () => {
  it('says which skill was loaded, by its label and server', () => {
    const done = call({
      result: { content: [], structuredContent: { server: 'billing', uri: URI, label: 'refunds' } },
    });
    expect(hostCallLine(done)).toEqual({ title: 'Loaded skill', detail: 'refunds (billing)' });
  });

  it('says why a skill was refused, and what a load waits for', () => {
    const refused = call({
      result: {
        content: [],
        isError: true,
        structuredContent: { server: 'billing', uri: URI, refused: 'digest' },
      },
    });
    expect(hostCallLine(refused)).toEqual({ title: 'Skill not loaded', detail: 'digest' });
    expect(hostCallLine(call({ status: 'running' })).detail).toBe(
      `${URI} (billing): waiting for the check, or for you`,
    );
  });

  it('names the file a read took and its skill', () => {
    const read = call({
      tool: 'read_skill_file',
      args: { server: 'billing', uri: 'skill://x/a.md' },
      result: {
        content: [],
        structuredContent: { server: 'billing', uri: 'skill://x/a.md', skill: 'refunds' },
      },
    });
    expect(hostCallLine(read)).toEqual({
      title: 'Read a skill file',
      detail: 'skill://x/a.md of refunds (billing)',
    });
  });
});

describe('skill words', () => {
  it('names each approval state, a refusal first', () => {
    expect(approvalText({ approval: 'approved' })).toBe('Approved');
    expect(approvalText({ approval: 'dynamic' })).toBe('Generated: asks at every use');
    expect(approvalText({ approval: 'approved', problem: 'bad' })).toBe('Refused');
    expect(changeLines({ added: ['a'], removed: [], changed: ['b', 'c'] })).toEqual([
      'Changed: b, c',
      'Added: a',
    ]);
  });
});

describe('the skill questions', () => {
  function slice() {
    let state: SkillsState = skillsInitial;
    const actions = createSkillsActions((update) => {
      state = { ...state, ...update(state) };
    });
    return { actions, state: () => state };
  }
  const request = (id: string, at: number): SkillApprovalRequest => ({
    id,
    server: 'billing',
    skill: { label: id } as SkillView,
    conversationId: 'c',
    requestedAt: at,
  });

  it('keeps them oldest first, and says why the shown one went away unless it was answered here', () => {
    const { actions, state } = slice();
    actions.skillRequested(request('b', 2));
    actions.skillRequested(request('a', 1));
    expect(state().skillQueue.map((item) => item.id)).toEqual(['a', 'b']);
    actions.skillSettled('a', 'cancelled');
    expect(state().skillNotice?.text).toMatch(/no longer waits/);
    actions.skillAnswering('b');
    actions.skillSettled('b', 'answered');
    expect(state().skillQueue).toEqual([]);
    expect(state().skillNotice?.id).toBe('a');
  });
});

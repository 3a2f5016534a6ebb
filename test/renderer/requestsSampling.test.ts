// Sampling dialog and settings logic: the draft, max tokens, the approve arguments, media, words and policies.

import { describe, expect, it } from 'vitest';
import { waitingLabel } from '../../src/renderer/src/components/waitingLabel';
import {
  approveArgs,
  draftProblems,
  editText,
  hintNames,
  initialDraft,
  initialModel,
  maxTokensProblem,
  mediaSrc,
  priorityText,
  refusalText,
  textLabel,
} from '../../src/renderer/src/features/requests/samplingForm';
import { budgetProblem, policyFor } from '../../src/renderer/src/features/requests/samplingPolicy';
import type { ModelsView } from '../../src/shared/chat';
import type { SamplingRequest } from '../../src/shared/requests';

const models: ModelsView = {
  providers: [
    { id: 'local', type: 'openai-compatible', models: ['scripted-model', 'other'], key: { source: 'none' } },
    { id: 'empty', type: 'openai', models: [], key: { source: 'none' } },
  ],
  default: 'local/other',
};

const request: SamplingRequest = {
  id: 'r1',
  kind: 'sampling',
  server: 'everything',
  requestedAt: 1,
  messages: [
    { role: 'user', content: [{ type: 'text', text: 'Hello' }] },
    {
      role: 'assistant',
      content: [
        { type: 'text', text: 'A' },
        { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
        { type: 'text', text: 'B' },
      ],
    },
  ],
  systemPrompt: 'Be brief',
  includeContext: 'thisServer',
  modelPreferences: {
    hints: [{ name: 'claude' }, {}, { name: ' ' }],
    costPriority: 0.2,
    intelligencePriority: 0.9,
  },
  maxTokens: 100,
  suggestedModel: 'local/scripted-model',
  stage: 'approval',
};

describe('sampling draft', () => {
  it('starts as the server sent it, with the suggested model and context not included', () => {
    const draft = initialDraft(request, models);
    expect(draft).toMatchObject({
      systemPrompt: 'Be brief',
      model: 'local/scripted-model',
      maxTokens: '100',
      includeContext: false,
    });
    expect(draftProblems(draft, request, models)).toEqual([]);
  });

  it('falls back to the default, then the first model, and to nothing without models', () => {
    expect(initialModel('gone/model', models)).toBe('local/other');
    expect(initialModel(undefined, { providers: models.providers })).toBe('local/scripted-model');
    expect(initialModel(undefined, { providers: [] })).toBe('');
    const none = initialDraft(request, { providers: [] });
    expect(draftProblems(none, request, { providers: [] })).toContain('Choose a model.');
  });

  it('edits one text part and leaves media alone', () => {
    const draft = editText(initialDraft(request, models), 1, 2, 'B2');
    expect(draft.messages[1]?.content.map((c) => (c.type === 'text' ? c.text : c.type))).toEqual([
      'A',
      'image',
      'B2',
    ]);
    expect(request.messages[1]?.content[2]).toEqual({ type: 'text', text: 'B' });
  });

  it('labels message texts', () => {
    expect(textLabel(0, 0, 1)).toBe('Message 1');
    expect(textLabel(1, 1, 2)).toBe('Message 2, part 2');
  });

  it('only lets max tokens go down', () => {
    expect(maxTokensProblem('100', 100)).toBeUndefined();
    expect(maxTokensProblem('40', 100)).toBeUndefined();
    expect(maxTokensProblem('101', 100)).toMatch(/only be lowered/);
    expect(maxTokensProblem('0', 100)).toMatch(/at least 1/);
    expect(maxTokensProblem('2.5', 100)).toMatch(/whole number/);
    expect(maxTokensProblem(' ', 100)).toMatch(/Enter/);
  });

  it('builds the approve arguments from the edited draft', () => {
    const draft = {
      ...editText(initialDraft(request, models), 0, 0, 'Hi'),
      maxTokens: '50',
      includeContext: true,
    };
    const args = approveArgs(request, draft);
    expect(args).toMatchObject({
      id: 'r1',
      model: 'local/scripted-model',
      maxTokens: 50,
      includeContext: true,
    });
    expect(args.systemPrompt).toBe('Be brief');
    expect(args.messages[0]?.content[0]).toEqual({ type: 'text', text: 'Hi' });
    expect('systemPrompt' in approveArgs(request, { ...draft, systemPrompt: '  ' })).toBe(false);
  });
});

describe('sampling words and media', () => {
  it('builds data URLs for images and audio of the right family only', () => {
    expect(mediaSrc({ type: 'image', data: 'iVBO Rw0=', mimeType: 'image/PNG' })).toBe(
      'data:image/png;base64,iVBORw0=',
    );
    expect(mediaSrc({ type: 'image', data: 'AAAA', mimeType: 'text/html' })).toBeUndefined();
    expect(mediaSrc({ type: 'image', data: 'AAAA', mimeType: 'image/svg+xml;x=<' })).toBeUndefined();
    expect(mediaSrc({ type: 'audio', data: 'AAAA', mimeType: 'audio/wav' })).toBe(
      'data:audio/wav;base64,AAAA',
    );
    expect(mediaSrc({ type: 'audio', data: 'AAAA', mimeType: 'image/png' })).toBeUndefined();
    expect(mediaSrc({ type: 'image', data: 'not base64!', mimeType: 'image/png' })).toBeUndefined();
  });

  it('names preferences plainly', () => {
    expect(hintNames(request)).toEqual(['claude']);
    expect(priorityText(0.9)).toBe('0.9 (high)');
    expect(priorityText(0.5)).toBe('0.5 (medium)');
    expect(priorityText(0)).toBe('0 (low)');
    expect(priorityText(undefined)).toBe('not given');
  });

  it('counts the rest of the queue and words refusals with the server', () => {
    expect(waitingLabel(1)).toBeNull();
    expect(waitingLabel(3)).toBe('2 more waiting');
    expect(refusalText({ server: 'srv', kind: 'sampling', message: '', time: 1 })).toBe(
      'srv sent too many requests at once; one was refused.',
    );
    expect(refusalText({ server: 'srv', kind: 'sampling', message: 'srv spent its budget.', time: 1 })).toBe(
      'srv spent its budget.',
    );
    expect(refusalText({ server: 'srv', kind: 'elicitation', message: 'Too many at once.', time: 1 })).toBe(
      'srv: Too many at once.',
    );
  });
});

describe('sampling policies', () => {
  it('asks by default and checks budgets', () => {
    expect(policyFor([], 'x')).toEqual({
      server: 'x',
      mode: 'ask',
      tokenBudget: 0,
      tokensUsed: 0,
      budgetUsed: 0,
    });
    const session = { server: 'x', mode: 'session' as const, tokenBudget: 5, tokensUsed: 2, budgetUsed: 2 };
    expect(policyFor([session], 'x')).toBe(session);
    expect(budgetProblem('1000')).toBeUndefined();
    expect(budgetProblem('0')).toBeUndefined();
    expect(budgetProblem('-1')).toMatch(/whole number/);
    expect(budgetProblem('1.5')).toMatch(/whole number/);
    expect(budgetProblem('20000000')).toMatch(/at most/);
    expect(budgetProblem('')).toMatch(/Enter/);
  });
});

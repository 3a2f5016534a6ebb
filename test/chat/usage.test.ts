// A reply's size for estimated usage: measured part by part as the reply grows, equal to measuring it whole.
import { describe, expect, it } from 'vitest';
import { appendText, replaceCall, toolCard } from '../../src/main/chat/replyParts';
import { addStep, PartsLength } from '../../src/main/chat/usage';
import type { AssistantMessage } from '../../src/shared/chat';

const empty: AssistantMessage = {
  id: 'r',
  role: 'assistant',
  time: 0,
  model: 'local/m',
  parts: [],
  status: 'streaming',
};

describe('PartsLength', () => {
  it('matches the whole reply stringified at every step of its growth', () => {
    const length = new PartsLength();
    const steps: AssistantMessage[] = [];
    let reply = empty;
    steps.push(reply);
    for (const text of ['Hello "there"', '\n\ttabs \\ and ✓', ' 😀 and a lone \ud800']) {
      reply = appendText(reply, text);
      steps.push(reply);
    }
    const card = toolCard({ id: 'c1', name: 'files__read', args: { path: 'a "b"\n' } }, new Map());
    reply = { ...reply, parts: [...reply.parts, { type: 'tool', call: card }] };
    steps.push(reply);
    reply = replaceCall(reply, { ...card, status: 'running' });
    steps.push(reply);
    reply = replaceCall(reply, {
      ...card,
      status: 'done',
      result: { content: [{ type: 'text', text: 'café\u2028end' }], isError: false },
    });
    steps.push(reply);
    reply = appendText(reply, 'After the call.');
    steps.push(reply);
    reply = appendText(reply, ' More.');
    steps.push(reply);
    for (const step of steps) expect(length.of(step.parts)).toBe(JSON.stringify(step.parts).length);
  });
});

describe('addStep', () => {
  it('measures what was sent only when the provider did not count it', () => {
    let measured = 0;
    const sent = () => {
      measured++;
      return 400;
    };
    const counted = addStep(undefined, { inputTokens: 50, outputTokens: 5 }, sent, 12);
    expect(measured).toBe(0);
    expect(counted).toEqual({ inputTokens: 50, outputTokens: 5, contextTokens: 55, estimated: false });
    const both = addStep(counted, { outputTokens: 2 }, sent, 12);
    expect(measured).toBe(1);
    expect(both).toEqual({ inputTokens: 150, outputTokens: 7, contextTokens: 102, estimated: true });
  });
});

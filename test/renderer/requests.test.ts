// The requests queue: sampling and elicitation together, oldest first, stages, streamed text and notices.
import { describe, expect, it } from 'vitest';
import {
  appendSamplingText,
  createSamplingDeltaQueue,
  dropRequest,
  type RequestsState,
  refillKind,
  requestsInitial,
  type ServerRequest,
  settleNoticeText,
  settleRequest,
  upsertRequest,
} from '../../src/renderer/src/store/requestsSlice';
import type { ElicitationRequest, SamplingRequest } from '../../src/shared/requests';

const sampling = (
  id: string,
  requestedAt: number,
  extra: Partial<SamplingRequest> = {},
): SamplingRequest => ({
  id,
  kind: 'sampling',
  server: 'everything',
  requestedAt,
  messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }],
  maxTokens: 100,
  stage: 'approval',
  ...extra,
});

const elicitation = (id: string, requestedAt: number, server = 'forms'): ElicitationRequest => ({
  id,
  kind: 'elicitation',
  mode: 'form',
  server,
  requestedAt,
  message: 'Who are you?',
  requestedSchema: { type: 'object', properties: { name: { type: 'string' } } },
});

const withQueue = (queue: ServerRequest[], extra: Partial<RequestsState> = {}): RequestsState => ({
  ...requestsInitial,
  requestQueue: queue,
  ...extra,
});

const ids = (state: RequestsState): string[] => state.requestQueue.map((r) => r.id);

describe('requests queue', () => {
  it('keeps both kinds in one queue, oldest first, across servers', () => {
    let state = refillKind(requestsInitial, 'sampling', [sampling('s2', 30), sampling('s1', 10)]);
    state = refillKind(state, 'elicitation', [elicitation('e1', 20)]);
    expect(ids(state)).toEqual(['s1', 'e1', 's2']);
    state = upsertRequest(state, elicitation('e0', 5, 'other'));
    expect(ids(state)).toEqual(['e0', 's1', 'e1', 's2']);
  });

  it('a refill of one kind leaves the other kind alone and drops what is gone', () => {
    const state = withQueue([sampling('s1', 1), elicitation('e1', 2), sampling('s2', 3)], {
      requestNotice: null,
    });
    const next = refillKind(state, 'sampling', [sampling('s2', 3)]);
    expect(ids(next)).toEqual(['e1', 's2']);
    expect(next.requestNotice?.text).toBe('The request is no longer waiting.');
    expect(next.requestNotice?.kind).toBe('sampling');
  });

  it('moves a sampling request through its stages in place, without reordering', () => {
    let state = withQueue([sampling('s1', 1), elicitation('e1', 2)], { requestAnswering: 's1' });
    state = upsertRequest(state, sampling('s1', 1, { stage: 'running' }));
    expect(ids(state)).toEqual(['s1', 'e1']);
    expect(state.requestQueue[0]).toMatchObject({ stage: 'running' });
    expect(state.requestAnswering).toBeNull();
    expect(state.samplingText.s1).toBe('');
  });

  it('does not show a sampling request that a session allowance runs without asking', () => {
    const state = withQueue([elicitation('e1', 1)]);
    expect(upsertRequest(state, sampling('auto', 2, { stage: 'running' }))).toBe(state);
    expect(settleRequest(state, 'auto', 'answered')).toBe(state);
    const spent = upsertRequest(state, sampling('auto', 2, { error: 'The session budget is spent.' }));
    expect(ids(spent)).toEqual(['e1', 'auto']);
  });

  it('stays answering until the request moves on, and clears on an error', () => {
    let state = withQueue([sampling('s1', 1)], { requestAnswering: 's1' });
    state = upsertRequest(state, sampling('s1', 1));
    expect(state.requestAnswering).toBe('s1');
    state = upsertRequest(state, sampling('s1', 1, { error: 'The provider said no.' }));
    expect(state.requestAnswering).toBeNull();
  });

  it('collects streamed text only for queued requests and restarts it on a new run', () => {
    let state = withQueue([sampling('s1', 1, { stage: 'running' })]);
    state = appendSamplingText(state, [
      { id: 's1', text: 'Hel' },
      { id: 'gone', text: 'x' },
      { id: 's1', text: 'lo' },
    ]);
    expect(state.samplingText).toEqual({ s1: 'Hello' });
    state = upsertRequest(state, sampling('s1', 1, { stage: 'approval', error: 'failed' }));
    state = upsertRequest(state, sampling('s1', 1, { stage: 'running' }));
    expect(state.samplingText.s1).toBe('');
    expect(dropRequest(state, 's1').samplingText).toEqual({});
  });

  it('batches deltas per frame, merged per request', () => {
    const flushed: unknown[] = [];
    let run: (() => void) | undefined;
    const queue = createSamplingDeltaQueue(
      (batch) => flushed.push(batch),
      (next) => {
        run = next;
      },
    );
    queue.push({ id: 'a', text: '1' });
    queue.push({ id: 'a', text: '2' });
    queue.push({ id: 'b', text: '3' });
    expect(flushed).toEqual([]);
    run?.();
    expect(flushed).toEqual([
      [
        { id: 'a', text: '12' },
        { id: 'b', text: '3' },
      ],
    ]);
  });
});

describe('settling', () => {
  it('says why the shown request went away, naming the server', () => {
    expect(settleNoticeText('everything', 'cancelled', false)).toMatch(/everything cancelled the request/);
    expect(settleNoticeText('everything', 'server-gone', true)).toBe(
      'everything stopped before you answered.',
    );
    expect(settleNoticeText('everything', 'answered', true)).toBeNull();
    expect(settleNoticeText('everything', 'rejected', true)).toBeNull();
    expect(settleNoticeText('everything', 'answered', false)).toMatch(/another window/);
    expect(settleNoticeText('everything', 'completed', false)).toBe(
      'everything says the page is done with, so nothing is left to do here.',
    );
  });

  it('leaves a notice for the shown request only', () => {
    const state = withQueue([sampling('s1', 1), elicitation('e1', 2)]);
    const shown = settleRequest(state, 's1', 'cancelled');
    expect(ids(shown)).toEqual(['e1']);
    expect(shown.requestNotice).toMatchObject({ id: 's1', kind: 'sampling', server: 'everything' });
    const hidden = settleRequest(state, 'e1', 'server-gone');
    expect(ids(hidden)).toEqual(['s1']);
    expect(hidden.requestNotice).toBeNull();
  });

  it('says nothing for the person’s own answer, and nothing while the dialog is set aside', () => {
    const answered = settleRequest(
      withQueue([elicitation('e1', 1)], { requestAnswering: 'e1' }),
      'e1',
      'answered',
    );
    expect(answered.requestNotice).toBeNull();
    expect(answered.requestAnswering).toBeNull();
    const aside = settleRequest(
      withQueue([elicitation('e1', 1)], { requestsDeferred: true }),
      'e1',
      'cancelled',
    );
    expect(aside.requestNotice).toBeNull();
    expect(aside.requestQueue).toEqual([]);
  });

  it('ignores a settle for a request it does not have', () => {
    const state = withQueue([elicitation('e1', 1)]);
    expect(settleRequest(state, 'nope', 'cancelled')).toBe(state);
  });
});

// The consent broker: every pending request settles exactly once, by answer, abort or cancel.
import { describe, expect, it } from 'vitest';
import { ConsentBroker, type RequestInit, type Settled } from '../../src/main/consent/broker';
import { HostFault } from '../../src/main/errors';
import type { ConsentRequest } from '../../src/shared/chat';

function request(overrides: Partial<RequestInit<ConsentRequest>> = {}): RequestInit<ConsentRequest> {
  return {
    kind: 'tool',
    server: 'files',
    conversationId: 'c1',
    callId: 'call-1',
    tool: { name: 'write', inputSchema: { type: 'object' } },
    args: { path: '/tmp/x' },
    ...overrides,
  };
}

function watch(broker: ConsentBroker) {
  const requested: ConsentRequest[] = [];
  const settled: Settled[] = [];
  broker.onDidRequest((item) => requested.push(item));
  broker.onDidSettle((item) => settled.push(item));
  return { requested, settled };
}

async function rejection(promise: Promise<unknown>): Promise<HostFault> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(HostFault);
  return error as HostFault;
}

describe('ConsentBroker', () => {
  it('announces a request and resolves with the answer', async () => {
    const broker = new ConsentBroker();
    const { requested, settled } = watch(broker);
    const answer = broker.ask(request());
    expect(requested).toHaveLength(1);
    const [pending] = broker.pending();
    expect(pending).toMatchObject({ kind: 'tool', server: 'files', args: { path: '/tmp/x' } });
    expect(typeof pending?.id).toBe('string');
    expect(typeof pending?.requestedAt).toBe('number');
    broker.answer(pending!.id, 'once', { path: '/tmp/y' });
    await expect(answer).resolves.toEqual({ decision: 'once', args: { path: '/tmp/y' } });
    expect(broker.pending()).toEqual([]);
    expect(settled).toEqual([{ id: pending!.id, reason: 'answered' }]);
  });

  it('keeps the request’s arguments when the answer has none, and resolves a deny', async () => {
    const broker = new ConsentBroker();
    const answer = broker.ask(request());
    broker.answer(broker.pending()[0]!.id, 'deny');
    await expect(answer).resolves.toEqual({ decision: 'deny', args: { path: '/tmp/x' } });
  });

  it('lists pending requests oldest first', () => {
    const broker = new ConsentBroker();
    void broker.ask(request({ callId: 'first' })).catch(() => {});
    void broker.ask(request({ callId: 'second' })).catch(() => {});
    expect(broker.pending().map((item) => item.callId)).toEqual(['first', 'second']);
    broker.cancelWhere(() => true, 'cancelled');
  });

  it('rejects an unknown or already settled id with not_found', async () => {
    const broker = new ConsentBroker();
    expect(() => broker.answer('nope', 'once')).toThrow(expect.objectContaining({ code: 'not_found' }));
    const answer = broker.ask(request());
    const { id } = broker.pending()[0]!;
    broker.answer(id, 'once');
    await answer;
    expect(() => broker.answer(id, 'always')).toThrow(expect.objectContaining({ code: 'not_found' }));
  });

  it('rejects with cancelled when the signal aborts, once', async () => {
    const broker = new ConsentBroker();
    const { settled } = watch(broker);
    const controller = new AbortController();
    const answer = broker.ask(request(), controller.signal);
    const { id } = broker.pending()[0]!;
    controller.abort();
    const fault = await rejection(answer);
    expect(fault.code).toBe('cancelled');
    expect(fault.message).toBe('The tool call was cancelled.');
    expect(broker.pending()).toEqual([]);
    expect(() => broker.answer(id, 'once')).toThrow(expect.objectContaining({ code: 'not_found' }));
    broker.cancelWhere(() => true, 'server-gone');
    expect(settled).toEqual([{ id, reason: 'cancelled' }]);
  });

  it('rejects at once for a signal that is already aborted, announcing nothing', async () => {
    const broker = new ConsentBroker();
    const { requested, settled } = watch(broker);
    const fault = await rejection(broker.ask(request(), AbortSignal.abort()));
    expect(fault.code).toBe('cancelled');
    expect(requested).toEqual([]);
    expect(settled).toEqual([]);
  });

  it('says so when a timeout signal fires', async () => {
    const broker = new ConsentBroker();
    const fault = await rejection(broker.ask(request(), AbortSignal.timeout(10)));
    expect(fault.code).toBe('cancelled');
    expect(fault.message).toMatch(/in time/);
  });

  it('cancels only the matching requests, saying why', async () => {
    const broker = new ConsentBroker();
    const { settled } = watch(broker);
    const files = broker.ask(request({ server: 'files' }));
    const web = broker.ask(request({ server: 'web' }));
    broker.cancelWhere((item) => item.server === 'files', 'server-gone');
    const fault = await rejection(files);
    expect(fault.message).toBe('The server stopped before you answered.');
    expect(broker.pending().map((item) => item.server)).toEqual(['web']);
    expect(settled.map((item) => item.reason)).toEqual(['server-gone']);
    broker.answer(broker.pending()[0]!.id, 'always');
    await expect(web).resolves.toMatchObject({ decision: 'always' });
  });

  it('does not settle a request twice when answered after its signal aborted', async () => {
    const broker = new ConsentBroker();
    const { settled } = watch(broker);
    const controller = new AbortController();
    const answer = broker.ask(request(), controller.signal);
    const { id } = broker.pending()[0]!;
    broker.answer(id, 'once');
    controller.abort();
    await expect(answer).resolves.toMatchObject({ decision: 'once' });
    expect(settled).toHaveLength(1);
  });

  it('stops telling a listener once it unsubscribes, and survives a failing listener', async () => {
    const broker = new ConsentBroker();
    const seen: string[] = [];
    const off = broker.onDidRequest((item) => seen.push(item.callId));
    broker.onDidSettle(() => {
      throw new Error('listener bug');
    });
    const original = console.error;
    console.error = () => {};
    try {
      const first = broker.ask(request({ callId: 'a' }));
      off();
      void broker.ask(request({ callId: 'b' })).catch(() => {});
      broker.answer(broker.pending()[0]!.id, 'once');
      await expect(first).resolves.toMatchObject({ decision: 'once' });
      broker.cancelWhere(() => true, 'cancelled');
    } finally {
      console.error = original;
    }
    expect(seen).toEqual(['a']);
    expect(broker.pending()).toEqual([]);
  });

  it('serves other kinds of request through its type parameter', async () => {
    type Sampling = { id: string; kind: 'sampling'; server: string; requestedAt: number; prompt: string };
    const broker = new ConsentBroker<Sampling>();
    const answer = broker.ask({ kind: 'sampling', server: 'files', prompt: 'hi' });
    const fault = rejection(answer);
    broker.cancelWhere((item) => item.prompt === 'hi', 'cancelled');
    expect((await fault).message).toBe('The request was cancelled.');
    const second = broker.ask({ kind: 'sampling', server: 'files', prompt: 'again' });
    broker.answer(broker.pending()[0]!.id, 'once');
    await expect(second).resolves.toEqual({ decision: 'once', args: null });
  });
});

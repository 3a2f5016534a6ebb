// The audit log and the JSON-lines helper under it: newest first, torn and damaged lines left out, never a crash.
import { appendFile, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AuditLog } from '../../src/main/consent/audit';
import { appendRecord, readRecords, writeRecords } from '../../src/main/storage/jsonl';
import type { ToolAuditEntry } from '../../src/shared/consent';

async function tempFile(name: string): Promise<string> {
  return join(await mkdtemp(join(tmpdir(), 'switchboard-jsonl-')), name);
}

function entry(time: number, overrides: Partial<ToolAuditEntry> = {}): ToolAuditEntry {
  return {
    time,
    conversationId: 'c1',
    server: 'files',
    tool: 'write',
    args: { n: time },
    decision: 'once',
    outcome: 'done',
    ...overrides,
  };
}

describe('jsonl', () => {
  it('reads a missing file as empty', async () => {
    expect(await readRecords(await tempFile('none.jsonl'))).toEqual({
      records: [],
      tornTail: false,
      skipped: 0,
    });
  });

  it('appends whole lines, creating the folder', async () => {
    const path = join(await tempFile('dir'), 'deeper', 'log.jsonl');
    await appendRecord(path, { a: 1 });
    await appendRecord(path, 'two');
    expect(await readFile(path, 'utf8')).toBe('{"a":1}\n"two"\n');
    expect(await readRecords(path)).toEqual({ records: [{ a: 1 }, 'two'], tornTail: false, skipped: 0 });
  });

  it('drops a torn last line and counts damaged lines in the middle', async () => {
    const path = await tempFile('log.jsonl');
    await writeFile(path, '{"a":1}\nnot json\n\n{"b":2}\n{"c":');
    expect(await readRecords(path)).toEqual({ records: [{ a: 1 }, { b: 2 }], tornTail: true, skipped: 1 });
  });

  it('keeps a whole last record that lost only its newline', async () => {
    const path = await tempFile('log.jsonl');
    await writeFile(path, '{"a":1}\n{"b":2}');
    expect(await readRecords(path)).toEqual({ records: [{ a: 1 }, { b: 2 }], tornTail: false, skipped: 0 });
  });

  it('starts a new line after a torn tail so the next record stays whole', async () => {
    const path = await tempFile('log.jsonl');
    await writeFile(path, '{"a":1}\n{"b":');
    await appendRecord(path, { c: 3 });
    expect(await readRecords(path)).toEqual({ records: [{ a: 1 }, { c: 3 }], tornTail: false, skipped: 1 });
  });

  it('rewrites a whole file', async () => {
    const path = await tempFile('log.jsonl');
    await appendRecord(path, { old: true });
    await writeRecords(path, [{ x: 1 }, { y: 2 }]);
    expect(await readFile(path, 'utf8')).toBe('{"x":1}\n{"y":2}\n');
  });
});

describe('AuditLog', () => {
  it('lists entries newest first, up to the limit', async () => {
    const log = new AuditLog(await tempFile('audit.jsonl'));
    await Promise.all([1, 2, 3, 4].map((time) => log.append(entry(time))));
    expect((await log.list()).map((item) => item.time)).toEqual([4, 3, 2, 1]);
    expect((await log.list(2)).map((item) => item.time)).toEqual([4, 3]);
    expect((await log.list())[0]).toEqual(entry(4));
  });

  it('is empty before the first entry', async () => {
    expect(await new AuditLog(await tempFile('audit.jsonl')).list()).toEqual([]);
  });

  it('ignores a torn last line and lines that are not entries', async () => {
    const path = await tempFile('audit.jsonl');
    const log = new AuditLog(path);
    await log.append(entry(1, { decision: 'unanswered', outcome: 'cancelled' }));
    await appendFile(path, '{"unrelated":true}\n{"time":2,"conv');
    expect(await new AuditLog(path).list()).toEqual([
      entry(1, { decision: 'unanswered', outcome: 'cancelled' }),
    ]);
    await log.append(entry(3));
    expect((await log.list()).map((item) => item.time)).toEqual([3, 1]);
  });

  it('records the entry as it was when appended', async () => {
    const log = new AuditLog(await tempFile('audit.jsonl'));
    const item = entry(1);
    const done = log.append(item);
    item.outcome = 'failed';
    await done;
    expect((await log.list())[0]?.outcome).toBe('done');
  });
});

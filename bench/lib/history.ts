// A long chat history on disk, as a person has after months of use: conversation files the host loads at launch.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { snapshotOf } from '../../src/main/storage/conversationRecords';
import type { ChatMessage } from '../../src/shared/chat';

const WORDS = 'lantern harbour keeper tide signal north beacon chart rope anchor gull fog'.split(' ');

/** A paragraph of `words` words, different for each `seed`. */
function paragraph(seed: number, words: number): string {
  return Array.from({ length: words }, (_, n) => WORDS[(n * 7 + seed) % WORDS.length]).join(' ');
}

/** Writes `count` conversations of `exchanges` question-and-reply pairs each into `<dataDir>/conversations`. */
export async function writeHistory(dataDir: string, count: number, exchanges = 10): Promise<void> {
  const dir = join(dataDir, 'conversations');
  await mkdir(dir, { recursive: true });
  const time = Date.now() - 86_400_000;
  for (let c = 0; c < count; c++) {
    const messages = new Map<string, ChatMessage>();
    for (let m = 0; m < exchanges; m++) {
      messages.set(`u${m}`, { id: `u${m}`, role: 'user', text: paragraph(c + m, 60), time });
      const reply = paragraph(c * 3 + m, 180);
      messages.set(`a${m}`, {
        id: `a${m}`,
        role: 'assistant',
        time,
        model: 'local/model',
        status: 'done',
        parts: [{ type: 'text', text: reply }],
      });
    }
    const state = {
      title: `Conversation ${c}`,
      tools: { disabledServers: [], disabledTools: [] },
      createdAt: time,
      updatedAt: time + c,
      messages,
    };
    const lines = snapshotOf(state).map((record) => `${JSON.stringify(record)}\n`);
    await writeFile(join(dir, `c${String(c).padStart(5, '0')}.jsonl`), lines.join(''));
  }
}

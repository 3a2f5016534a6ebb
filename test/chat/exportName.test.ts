// An exported conversation's file is named by its title's words, not by the raw text of its first message.
import { describe, expect, it } from 'vitest';
import { fileBase } from '../../src/main/chat/exportConversation';

describe('the export file name', () => {
  it('keeps the words of a title made of a message full of JSON and paths', () => {
    expect(fileBase('use tool write_file with {"path": "/tmp/notes.txt", "content": "hi"}')).toBe(
      'use tool write_file with path tmp notes txt content hi',
    );
  });

  it('reads as the title when the title is plain', () => {
    expect(fileBase('A famous formula?')).toBe('A famous formula');
    expect(fileBase('Grüße aus Köln: Wetter')).toBe('Grüße aus Köln Wetter');
  });

  it('cuts a long title between words', () => {
    const name = fileBase('word '.repeat(40));
    expect(name.length).toBeLessThanOrEqual(60);
    expect(name.endsWith('word')).toBe(true);
  });

  it('never gives an empty name, a path or a hidden file', () => {
    expect(fileBase('../../etc/passwd')).toBe('etc passwd');
    expect(fileBase('.hidden')).toBe('hidden');
    expect(fileBase('{}')).toBe('conversation');
    expect(fileBase('')).toBe('conversation');
  });
});

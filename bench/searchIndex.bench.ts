// How the conversation search index behaves with thousands of conversations: `npx vitest bench --run bench/`.
import { bench, describe } from 'vitest';
import { SearchIndex } from '../src/main/storage/searchIndex';

const CONVERSATIONS = 3000;
const MESSAGES = 20;
const WORDS_PER_MESSAGE = 60;

/** A deterministic vocabulary of 40,000 made-up words, and a message drawn from it. */
let seed = 7;
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed / 2 ** 31;
};
const syllables = ['ka', 'lo', 'mi', 'ne', 'ru', 'sa', 'ti', 'vo', 'xe', 'zu', 'ba', 'do', 'fi', 'ge'];
const vocabulary = Array.from({ length: 40_000 }, (_, n) => {
  let word = '';
  for (let part = 0; part < 2 + (n % 4); part++) word += syllables[Math.floor(random() * syllables.length)];
  return `${word}${n % 97}`;
});
const message = () =>
  Array.from({ length: WORDS_PER_MESSAGE }, () => vocabulary[Math.floor(random() * vocabulary.length)]).join(
    ' ',
  );

const index = new SearchIndex();
for (let c = 0; c < CONVERSATIONS; c++) {
  index.put(`c${c}`, null, `Conversation ${c}`);
  for (let m = 0; m < MESSAGES; m++) index.put(`c${c}`, `m${m}`, message());
}
let appended = 0;

describe(`${CONVERSATIONS} conversations × ${MESSAGES} messages (${index.size} words)`, () => {
  bench('search one whole word', () => {
    index.search(vocabulary[123] ?? '');
  });
  bench('search two words, the last one a prefix', () => {
    index.search(`${vocabulary[5] ?? ''} ${(vocabulary[9] ?? '').slice(0, 3)}`);
  });
  bench('append a message, then search', () => {
    index.put('c1', `extra${appended++}`, `${message()} uniqueword${appended}`);
    index.search(`uniqueword${appended}`);
  });
});

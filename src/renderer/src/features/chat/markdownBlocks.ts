// Splits streamed markdown into top-level blocks, so only the growing last block re-renders per frame.

const FENCE = /^\s*(`{3,}|~{3,})/;

function nextFilled(lines: readonly string[], index: number): string | undefined {
  for (let i = index + 1; i < lines.length; i += 1) {
    const line = lines[i];
    if (line !== undefined && line.trim() !== '') return line;
  }
  return undefined;
}

/** A line that opens display math (`$$` without its closing `$$` on the same line). */
function opensMath(line: string): boolean {
  const trimmed = line.trim();
  return trimmed.startsWith('$$') && !trimmed.slice(2).includes('$$');
}

/**
 * Cuts `text` at blank lines outside fenced code and display math (`$$ … $$`) whose next line is
 * not indented (a list item's continuation or indented code). Fences are found at any indent: a
 * wrong guess only splits less.
 */
export function splitBlocks(text: string): string[] {
  const lines = text.split('\n');
  const blocks: string[] = [];
  let current: string[] = [];
  let fence: string | null = null;
  lines.forEach((line, index) => {
    const marker = FENCE.exec(line)?.[1];
    if (fence === '$$') {
      if (line.trim().endsWith('$$')) fence = null;
    } else if (fence === null && opensMath(line)) fence = '$$';
    else if (marker && fence === null) fence = marker;
    else if (marker && fence !== null && marker[0] === fence[0] && marker.length >= fence.length) {
      if (line.trim() === marker) fence = null;
    }
    const cut = fence === null && line.trim() === '' && !/^\s/.test(nextFilled(lines, index) ?? '');
    if (!cut) current.push(line);
    else if (current.length > 0) {
      blocks.push(current.join('\n'));
      current = [];
    }
  });
  if (current.length > 0) blocks.push(current.join('\n'));
  return blocks;
}

// Tool arguments as a person reads them: names and short values in a list, long text as highlighted blocks.
import { memo, type ReactNode, useMemo } from 'react';
import type { Json } from '../../../../shared/types';
import { Highlighted } from '../../components/Highlighted';
import { CopyButton } from '../../components/Markdown';
import { type ArgItem, argItems } from './argBlocks';
import { plural } from './LineDiffView';
import './arguments.css';

function TextBlock({ item }: { item: Extract<ArgItem, { kind: 'block' }> }): ReactNode {
  return (
    <div className="args-block">
      <div className="args-block-bar">
        <span>
          {item.language ?? 'text'} · {plural(item.lines, 'line')}
        </span>
        <CopyButton text={item.text} label={`Copy ${item.key}`} />
      </div>
      <pre className="args-block-text">
        <Highlighted text={item.text} language={item.language} />
      </pre>
    </div>
  );
}

function Value({ item }: { item: ArgItem }): ReactNode {
  if (item.kind === 'text') {
    return item.text === '' ? (
      <span className="muted">(empty text)</span>
    ) : (
      <code className="args-inline">{item.text}</code>
    );
  }
  if (item.kind === 'block') return <TextBlock item={item} />;
  if (item.kind === 'value') {
    return (
      <span className="args-inline">
        <Highlighted text={item.text} language="json" />
      </span>
    );
  }
  return (
    <pre className="args-json">
      <Highlighted text={item.text} language="json" />
    </pre>
  );
}

/** The arguments as a list named `label`; anything but an object is shown as highlighted JSON. */
export const ArgumentsView = memo(function ArgumentsView({
  args,
  label = 'Arguments',
}: {
  args: Json;
  label?: string;
}): ReactNode {
  const items = useMemo(() => argItems(args), [args]);
  if (!items) {
    return (
      <pre className="args-json">
        <Highlighted text={JSON.stringify(args, null, 2)} language="json" />
      </pre>
    );
  }
  if (items.length === 0) return <p className="muted args-none">No arguments.</p>;
  return (
    <dl className="args-list" aria-label={label}>
      {items.map((item) => (
        <div key={item.key} className={`args-item args-item-${item.kind}`}>
          <dt>{item.key}</dt>
          <dd>
            <Value item={item} />
          </dd>
        </div>
      ))}
    </dl>
  );
});

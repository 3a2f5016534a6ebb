// Tool arguments as a person reads them: names and short values in a list, long text as highlighted blocks.
import { memo, type ReactNode, useMemo } from 'react';
import type { Json } from '../../../../shared/types';
import { Highlighted } from '../../components/Highlighted';
import { CopyButton } from '../../components/Markdown';
import { useT } from '../../i18n';
import { type ArgItem, argItems } from './argBlocks';
import './arguments.css';

function TextBlock({ item }: { item: Extract<ArgItem, { kind: 'block' }> }): ReactNode {
  const t = useT();
  return (
    <div className="args-block">
      <div className="args-block-bar">
        <span>
          {t('consent.args.blockBar', {
            language: item.language ?? t('consent.args.plainText'),
            lines: item.lines,
          })}
        </span>
        <CopyButton text={item.text} label={t('consent.args.copy', { name: item.key })} />
      </div>
      <pre className="args-block-text">
        <Highlighted text={item.text} language={item.language} />
      </pre>
    </div>
  );
}

function Value({ item }: { item: ArgItem }): ReactNode {
  const t = useT();
  if (item.kind === 'text') {
    return item.text === '' ? (
      <span className="muted">{t('consent.args.emptyText')}</span>
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
  label,
}: {
  args: Json;
  label?: string;
}): ReactNode {
  const t = useT();
  const items = useMemo(() => argItems(args), [args]);
  if (!items) {
    return (
      <pre className="args-json">
        <Highlighted text={JSON.stringify(args, null, 2)} language="json" />
      </pre>
    );
  }
  if (items.length === 0) return <p className="muted args-none">{t('consent.args.none')}</p>;
  return (
    <dl className="args-list" aria-label={label ?? t('consent.args.label')}>
      {items.map((item) => {
        const itemClass = `args-item args-item-${item.kind}`;
        return (
          <div key={item.key} className={itemClass}>
            <dt>{item.key}</dt>
            <dd>
              <Value item={item} />
            </dd>
          </div>
        );
      })}
    </dl>
  );
});

// What the next message carries besides its text: the prompt preview, context from app views and resource chips.
import type { ReactNode } from 'react';
import type { ContextItem, FileAttachment } from '../../../../shared/resources';
import { useT } from '../../i18n';
import { actions, useComposerContext } from '../../store';
import { AppContext, type AppContextItem } from '../apps/AppContext';
import { FileChip } from '../chat/attachments/FileChip';
import { resourceKind } from '../resources/mime';
import { ResourceIcon } from '../resources/ResourceIcon';
import { SkillChip } from '../skills/SkillChip';
import { contextLabel, messageCount } from './contentText';
import { PromptMessages } from './PromptMessages';
import './context.css';

type PromptItem = Extract<ContextItem, { kind: 'prompt' }>;
type ResourceItem = Extract<ContextItem, { kind: 'resource' }>;

function PromptPreview({ item, onRemove }: { item: PromptItem; onRemove: () => void }): ReactNode {
  const t = useT();
  return (
    <section className="prompt-preview" aria-label={t('prompts.preview.label')}>
      <header className="prompt-preview-head">
        <span className="prompt-preview-title">{contextLabel(item)}</span>
        <span className="prompt-preview-meta">
          {item.server} · {messageCount(item.messages.length)}
        </span>
        <button
          type="button"
          className="icon-button prompt-remove"
          aria-label={t('prompts.preview.removeLabel', { name: contextLabel(item) })}
          title={t('prompts.preview.remove')}
          onClick={onRemove}
        >
          ×
        </button>
      </header>
      <div className="prompt-preview-body">
        <PromptMessages messages={item.messages} />
      </div>
    </section>
  );
}

/** One chip per resource: icon, name (the URI on hover) and a remove button. */
export function ResourceChip({ item, onRemove }: { item: ResourceItem; onRemove?: () => void }): ReactNode {
  const t = useT();
  const mime = item.contents[0]?.mimeType;
  return (
    <li className="attachment-chip" title={item.uri}>
      <ResourceIcon name={resourceKind(mime, item.uri)} />
      <span className="attachment-name">{contextLabel(item)}</span>
      {item.name ? <code className="attachment-uri">{item.uri}</code> : null}
      {onRemove ? (
        <button
          type="button"
          className="icon-button attachment-remove"
          aria-label={t('prompts.attachment.removeLabel', { name: contextLabel(item) })}
          title={t('prompts.attachment.removeTitle', { uri: item.uri })}
          onClick={onRemove}
        >
          ×
        </button>
      ) : null}
    </li>
  );
}

/** Shown above the composer box of conversation `id` when it has a prompt or attachments. */
export function ComposerContext({ id }: { id: string }): ReactNode {
  const t = useT();
  const items = useComposerContext(id);
  if (items.length === 0) return null;
  const prompts = items.filter((item): item is PromptItem => item.kind === 'prompt');
  const resources = items.filter((item): item is ResourceItem => item.kind === 'resource');
  const fromViews = items.filter((item): item is AppContextItem => item.kind === 'app');
  const files = items.filter((item): item is FileAttachment => item.kind === 'file');
  const skills = items.filter((item) => item.kind === 'skill');
  return (
    <div className="composer-context">
      {fromViews.map((item) => (
        <AppContext
          key={`${item.server}\u0000${item.callId}`}
          item={item}
          onRemove={() => actions.contextRemoved(id, item)}
        />
      ))}
      {prompts.map((item) => (
        <PromptPreview
          key={`${item.server}/${item.name}`}
          item={item}
          onRemove={() => actions.contextRemoved(id, item)}
        />
      ))}
      {resources.length + files.length + skills.length > 0 ? (
        <ul className="attachment-chips" aria-label={t('prompts.attachments')}>
          {skills.map((item) => (
            <SkillChip
              key={`${item.server}\u0000${item.uri}`}
              item={item}
              onRemove={() => actions.contextRemoved(id, item)}
            />
          ))}
          {resources.map((item) => (
            <ResourceChip
              key={`${item.server}\u0000${item.uri}`}
              item={item}
              onRemove={() => actions.contextRemoved(id, item)}
            />
          ))}
          {files.map((item) => (
            <FileChip key={item.id} item={item} onRemove={() => actions.contextRemoved(id, item)} />
          ))}
        </ul>
      ) : null}
    </div>
  );
}

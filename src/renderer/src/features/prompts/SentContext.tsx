// What a sent message carried: prompts compactly (full messages on demand), app view context, resources as chips.
import type { ReactNode } from 'react';
import type { ContextItem, FileAttachment } from '../../../../shared/resources';
import { useT } from '../../i18n';
import { AppContext, type AppContextItem } from '../apps/AppContext';
import { FileChip } from '../chat/attachments/FileChip';
import { SkillChip } from '../skills/SkillChip';
import { ResourceChip } from './ComposerContext';
import { contentSummary, contextLabel, messageCount, roleLabel } from './contentText';
import { PromptMessages } from './PromptMessages';
import './context.css';

type PromptItem = Extract<ContextItem, { kind: 'prompt' }>;
type ResourceItem = Extract<ContextItem, { kind: 'resource' }>;

function SentPrompt({ item }: { item: PromptItem }): ReactNode {
  const t = useT();
  return (
    <div className="sent-prompt">
      <p className="sent-prompt-head">
        <span className="sent-prompt-title">{contextLabel(item)}</span>
        <span className="sent-prompt-meta">
          {t('prompts.sent.meta', { server: item.server, messages: messageCount(item.messages.length) })}
        </span>
      </p>
      <ol className="sent-prompt-lines">
        {item.messages.map((message, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: messages have no identity and never reorder
          <li key={index}>
            <span className="sent-prompt-role">
              {t('prompts.sent.role', { role: roleLabel(message.role) })}
            </span>{' '}
            {contentSummary(message.content)}
          </li>
        ))}
      </ol>
      <details className="sent-prompt-full">
        <summary>{t('prompts.sent.showAll')}</summary>
        <PromptMessages messages={item.messages} />
      </details>
    </div>
  );
}

/** The context of one user message, or nothing. */
export function SentContext({ items }: { items: readonly ContextItem[] | undefined }): ReactNode {
  const t = useT();
  if (!items || items.length === 0) return null;
  const prompts = items.filter((item): item is PromptItem => item.kind === 'prompt');
  const resources = items.filter((item): item is ResourceItem => item.kind === 'resource');
  const fromViews = items.filter((item): item is AppContextItem => item.kind === 'app');
  const files = items.filter((item): item is FileAttachment => item.kind === 'file');
  const skills = items.filter((item) => item.kind === 'skill');
  return (
    <div className="sent-context">
      {fromViews.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a sent message's context never changes
        <AppContext key={index} item={item} />
      ))}
      {prompts.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a sent message's context never changes
        <SentPrompt key={index} item={item} />
      ))}
      {resources.length > 0 ? (
        <ul className="attachment-chips sent-resources" aria-label={t('prompts.sent.resources')}>
          {resources.map((item, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a sent message's context never changes
            <ResourceChip key={index} item={item} />
          ))}
        </ul>
      ) : null}
      {skills.length > 0 ? (
        <ul className="attachment-chips sent-resources" aria-label={t('prompts.sent.skills')}>
          {skills.map((item) => (
            <SkillChip key={`${item.server}\u0000${item.uri}`} item={item} />
          ))}
        </ul>
      ) : null}
      {files.length > 0 ? (
        <ul className="attachment-chips sent-resources" aria-label={t('prompts.sent.files')}>
          {files.map((item) => (
            <FileChip key={item.id} item={item} />
          ))}
        </ul>
      ) : null}
    </div>
  );
}

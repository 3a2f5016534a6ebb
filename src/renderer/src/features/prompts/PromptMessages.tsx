// A prompt's messages, each with its role and its content shown safely (never as HTML).
import type { ReactNode } from 'react';
import type { PromptMessageView } from '../../../../shared/resources';
import { ContentView } from '../../components/ContentView';
import { useT } from '../../i18n';
import { roleLabel } from './contentText';

function messageClass(role: PromptMessageView['role']): string {
  return `prompt-message prompt-message-${role}`;
}

/** An ordered list of the messages with their roles. */
export function PromptMessages({ messages }: { messages: readonly PromptMessageView[] }): ReactNode {
  const t = useT();
  if (messages.length === 0) return <p className="muted prompt-empty">{t('prompts.messages.empty')}</p>;
  return (
    <ol className="prompt-messages">
      {messages.map((message, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: messages have no identity and never reorder
        <li key={index} className={messageClass(message.role)}>
          <span className="prompt-role">{roleLabel(message.role)}</span>
          <ContentView result={{ content: [message.content] }} />
        </li>
      ))}
    </ol>
  );
}

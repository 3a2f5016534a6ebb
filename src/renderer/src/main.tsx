// Renderer entry: one host client, the store wired to its events, then React.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, loadSections } from './App';
import { createHostClient, HostProvider } from './api';
import { markdownPipeline } from './components/Markdown';
import { I18nProvider, startLanguage } from './i18n';
import { currentLanguage, subscribeLanguage } from './i18n/language';
import { connectStore } from './store';
import './styles.css';

const client = createHostClient();
connectStore(client);
// The host shows a few words itself (native dialogs, the menu): it follows the page's language, told once the page is
// idle (not in the way of the first paint) and after each switch.
const tellHost = () =>
  requestIdleCallback(
    () => void client.invoke('app.language', { locale: currentLanguage().locale }).catch(() => {}),
    { timeout: 3000 },
  );
subscribeLanguage(tellHost);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// The first render waits for the remembered language (English is already in the page), so nothing flashes.
startLanguage(() =>
  createRoot(root).render(
    <StrictMode>
      <I18nProvider>
        <HostProvider client={client}>
          <App />
        </HostProvider>
      </I18nProvider>
    </StrictMode>,
  ),
);

// Code the window's start does not need loads once the page is first idle: the Markdown parsers (most sessions show a
// reply soon) and the sections other than chat.
requestIdleCallback(
  () => {
    markdownPipeline.load().catch(() => {});
    loadSections();
  },
  { timeout: 3000 },
);

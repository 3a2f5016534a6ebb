// Renderer entry: one host client, the store wired to its events, then React.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, loadSections } from './App';
import { createHostClient, HostProvider } from './api';
import { markdownPipeline } from './components/Markdown';
import { connectStore } from './store';
import './styles.css';

const client = createHostClient();
connectStore(client);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <HostProvider client={client}>
      <App />
    </HostProvider>
  </StrictMode>,
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

// Renderer entry: one host client, the store wired to its events, then React.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { createHostClient, HostProvider } from './api';
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

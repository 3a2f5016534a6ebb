// The window's layout: connection state, config problems, the server list and the selected server.
import { ConnectionBanner } from './features/connection/ConnectionBanner';
import { StartScreen } from './features/connection/StartScreen';
import { TokenScreen } from './features/connection/TokenScreen';
import { EmptyState } from './features/servers/EmptyState';
import { ServerList } from './features/servers/ServerList';
import { ServerView } from './features/servers/ServerView';
import { ConfigProblem } from './features/settings/ConfigProblem';
import { DialogHost } from './features/settings/DialogHost';
import { useLink, useLoaded, useSelectedName, useServerCount } from './store';

function Workbench() {
  const selected = useSelectedName();
  const count = useServerCount();
  const stale = useLink() !== 'connected';
  return (
    <div className={stale ? 'workbench stale' : 'workbench'} aria-busy={stale}>
      <ServerList />
      <main className="main-area">
        {count > 0 && selected !== null ? <ServerView name={selected} /> : <EmptyState />}
      </main>
    </div>
  );
}

/** The root component. */
export function App() {
  const link = useLink();
  const loaded = useLoaded();
  if (link === 'unauthorized') return <TokenScreen />;
  return (
    <div className="app">
      <ConnectionBanner />
      {loaded ? (
        <>
          <ConfigProblem />
          <Workbench />
          <DialogHost />
        </>
      ) : (
        <StartScreen />
      )}
    </div>
  );
}

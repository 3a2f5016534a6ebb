// Mounts the one open dialog (Add/Edit server, Edit config file); their editors load on first use.
import { lazy, Suspense } from 'react';
import { actions, useDialog } from '../../store';

const ServerEditor = lazy(() =>
  import('./ServerEditor').then((module) => ({ default: module.ServerEditor })),
);
const ImportDialog = lazy(() =>
  import('../import/ImportDialog').then((module) => ({ default: module.ImportDialog })),
);
const ConfigFileEditor = lazy(() =>
  import('./ConfigFileEditor').then((module) => ({ default: module.ConfigFileEditor })),
);

/** Renders whichever dialog the store says is open. */
export function DialogHost() {
  const dialog = useDialog();
  if (!dialog) return null;
  const close = actions.dialogClosed;
  return (
    <Suspense fallback={null}>
      {dialog.kind === 'add' ? <ServerEditor onClose={close} /> : null}
      {dialog.kind === 'edit' ? (
        <ServerEditor key={dialog.name} editing={dialog.name} onClose={close} />
      ) : null}
      {dialog.kind === 'configFile' ? <ConfigFileEditor onClose={close} /> : null}
      {dialog.kind === 'import' ? <ImportDialog onClose={close} /> : null}
    </Suspense>
  );
}

// A view's offer to save files: their names, types and sizes, and nothing saved or downloaded unless the person says so.
import type { ReactNode } from 'react';
import { Dialog } from '../../components/Dialog';
import { formatSize } from '../../components/format';
import { useCommand } from '../../components/useCommand';
import { useT } from '../../i18n';
import { downloadBase64 } from '../resources/saveContents';
import type { DownloadRequest } from './viewDownloads';

/** "Save file?" for one offer; Save goes through the host, which checks each file again before it is written or downloaded. */
export function DownloadFileDialog({ request, who }: { request: DownloadRequest; who: string }): ReactNode {
  const t = useT();
  const { run, pending, error } = useCommand();
  const { files } = request;
  const save = async () => {
    let saved = true;
    for (const file of files) {
      const outcome = await run((host) =>
        host.invoke('apps.saveFile', { appId: request.appId, name: file.name, data: file.data }),
      );
      if (!outcome.ok) return;
      if (outcome.value.outcome === 'cancelled') saved = false;
      // Browser mode: the bytes the host has just checked, under the name it made safe.
      if (outcome.value.outcome === 'download') downloadBase64(file.data, undefined, outcome.value.name);
    }
    request.answer(saved);
  };
  return (
    <Dialog
      title={t('apps.download.title', { count: files.length })}
      onClose={() => request.answer(false)}
      footer={
        <>
          <button type="button" onClick={() => request.answer(false)}>
            {t('common.cancel')}
          </button>
          <button type="button" className="primary" disabled={pending} onClick={() => void save()}>
            {t('apps.download.save')}
          </button>
        </>
      }
    >
      <p>{t('apps.download.offers', { who })}</p>
      <ul className="app-view-files" aria-label={t('apps.download.files')}>
        {files.map((file, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed for the dialog's life
          <li key={index}>
            <strong>{file.name}</strong> · {file.type || t('apps.download.noType')} · {formatSize(file.size)}
          </li>
        ))}
      </ul>
      <p className="muted">{t('apps.download.typeNote')}</p>
      {error ? <p className="inline-error">{error}</p> : null}
    </Dialog>
  );
}

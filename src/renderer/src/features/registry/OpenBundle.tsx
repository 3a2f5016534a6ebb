// Open bundle…: a .mcpb file dropped here or its path on this computer (browser mode has no file dialog), then the bundle's form.
import { useId, useState } from 'react';
import { type BundleView, MAX_DROPPED_BUNDLE_BYTES } from '../../../../shared/bundles';
import { Dialog } from '../../components/Dialog';
import { formatSize } from '../../components/format';
import { useCommand } from '../../components/useCommand';
import { useT } from '../../i18n';
import { BundleForm } from './BundleForm';
import './registry.css';

export function OpenBundle({ onClose }: { onClose: () => void }) {
  const t = useT();
  const pathId = useId();
  const [path, setPath] = useState('');
  const [bundle, setBundle] = useState<BundleView | null>(null);
  const { run, pending, error } = useCommand();
  const [dropProblem, setDropProblem] = useState<string | null>(null);
  const [over, setOver] = useState(false);
  const opened = (outcome: { ok: boolean; value?: BundleView | null }) =>
    outcome.ok && outcome.value && setBundle(outcome.value);

  const dropped = async (file: File | undefined) => {
    setOver(false);
    setDropProblem(null);
    if (!file) return;
    if (!file.name.toLowerCase().endsWith('.mcpb')) {
      setDropProblem(t('registry.open.notBundle', { name: file.name }));
      return;
    }
    if (file.size > MAX_DROPPED_BUNDLE_BYTES) {
      setDropProblem(
        t('registry.open.tooLarge', {
          name: file.name,
          size: formatSize(file.size),
          max: formatSize(MAX_DROPPED_BUNDLE_BYTES),
        }),
      );
      return;
    }
    let data: string;
    try {
      data = await base64Of(file);
    } catch {
      setDropProblem(t('registry.open.unreadable', { name: file.name }));
      return;
    }
    void run((host) => host.invoke('bundles.drop', { name: file.name, data })).then(opened);
  };
  return (
    <Dialog title={t('registry.open.title')} onClose={onClose} wide>
      {bundle ? (
        <BundleForm bundle={bundle} onDone={onClose} />
      ) : (
        <form
          className="bring-in-form"
          onSubmit={(event) => {
            event.preventDefault();
            void run((host) => host.invoke('bundles.open', { path: path.trim() })).then(
              (outcome) => outcome.ok && setBundle(outcome.value),
            );
          }}
        >
          <section
            aria-label={t('registry.open.dropLabel')}
            className={over ? 'bundle-drop over' : 'bundle-drop'}
            onDragOver={(event) => {
              event.preventDefault();
              setOver(true);
            }}
            onDragLeave={() => setOver(false)}
            onDrop={(event) => {
              event.preventDefault();
              void dropped(event.dataTransfer.files[0]);
            }}
          >
            {t('registry.open.drop')}
          </section>
          {dropProblem ? (
            <p className="inline-error" role="alert">
              {dropProblem}
            </p>
          ) : null}
          <div className="form-row">
            <label htmlFor={pathId}>{t('registry.open.pathLabel')}</label>
            <input
              id={pathId}
              value={path}
              spellCheck={false}
              // i18n-ignore: an example file path, not words
              placeholder="/home/you/Downloads/server.mcpb"
              onChange={(event) => setPath(event.target.value)}
            />
          </div>
          {window.host ? (
            <button
              type="button"
              disabled={pending}
              onClick={() => void run((host) => host.invoke('bundles.pick', {})).then(opened)}
            >
              {t('registry.open.choose')}
            </button>
          ) : null}
          <p className="muted">{t('registry.open.hint')}</p>
          {error ? (
            <p className="inline-error" role="alert">
              {error}
            </p>
          ) : null}
          <button type="submit" className="primary" disabled={pending || !path.trim()}>
            {t('registry.open.open')}
          </button>
        </form>
      )}
    </Dialog>
  );
}

/** The file's bytes in base64, read without building a string per byte. */
function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

// Small decorative icons for resources by kind (text, image, audio, json, binary), folders and templates.
import type { ReactNode } from 'react';
import type { ResourceKind } from './mime';

export type IconName = ResourceKind | 'folder' | 'server' | 'template';

const PATHS: Record<IconName, ReactNode> = {
  text: <path d="M6 3h9l4 4v14H6zM14 3v5h5M9 12h7M9 16h7" />,
  json: <path d="M9 4C6 4 7 9 5 12c2 3 1 8 4 8M15 4c3 0 2 5 4 8-2 3-1 8-4 8" />,
  image: (
    <>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m3 16 5-5 4 4 3-3 6 6" />
      <circle cx="15.5" cy="9.5" r="1.5" />
    </>
  ),
  audio: <path d="M9 18V6l10-2v12M9 18a3 3 0 1 1-3-3 3 3 0 0 1 3 3zM19 16a3 3 0 1 1-3-3 3 3 0 0 1 3 3z" />,
  binary: (
    <>
      <path d="M6 3h9l4 4v14H6zM14 3v5h5" />
      <path d="M9 12v5M12.5 12h1.5v5M12.5 17h3" />
    </>
  ),
  folder: <path d="M3 6h6l2 2h10v11H3z" />,
  server: (
    <>
      <rect x="4" y="4" width="16" height="7" rx="1.5" />
      <rect x="4" y="13" width="16" height="7" rx="1.5" />
      <path d="M8 7.5h.01M8 16.5h.01" />
    </>
  ),
  template: <path d="M8 4H6v16h2M16 4h2v16h-2M10 12h4" />,
};

/** An icon for assistive technology to skip. */
export function ResourceIcon({ name, size = 14 }: { name: IconName; size?: number }): ReactNode {
  const className = `icon resource-icon resource-icon-${name}`;
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.7}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {PATHS[name]}
    </svg>
  );
}

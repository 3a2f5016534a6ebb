// The minimal application menu: app, file, edit, view, window.
import { Menu, type MenuItemConstructorOptions } from 'electron';
import { spoken } from '../hostLanguage';

/** Install the app menu in the person's language (Electron names the roles); `dev` adds the developer tools toggle. */
export function installMenu(dev: boolean): void {
  const mac = process.platform === 'darwin';
  const view: MenuItemConstructorOptions[] = [
    { role: 'reload' },
    ...(dev ? [{ role: 'toggleDevTools' } as const] : []),
    { type: 'separator' },
    { role: 'resetZoom' },
    { role: 'zoomIn' },
    { role: 'zoomOut' },
    { type: 'separator' },
    { role: 'togglefullscreen' },
  ];
  const template: MenuItemConstructorOptions[] = [
    ...(mac ? [{ role: 'appMenu' } as const] : []),
    { role: 'fileMenu' },
    { role: 'editMenu' },
    { label: spoken('host.native.menu.view'), submenu: view },
    { role: 'windowMenu' },
  ];
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}

// Turns each whole server view into what one page still needs: the lists only when they are not the ones it was sent last.

import { SERVER_LISTS, type ServerUpdate } from '../../shared/serverUpdate';
import type { ServerView } from '../../shared/types';

/** One page's record of the lists it was last sent, per server (compared by identity: a refresh makes new lists). */
export class ServerUpdates {
  private readonly sent = new Map<string, readonly unknown[]>();

  /** What to send for `view`; call `delivered` once it reached the page. */
  updateFor(view: ServerView): ServerUpdate {
    const last = this.sent.get(view.name);
    const update: ServerUpdate = { ...view };
    SERVER_LISTS.forEach((list, index) => {
      if (last?.[index] === view[list]) delete update[list];
    });
    return update;
  }

  /** `view`'s lists are now what the page has. */
  delivered(view: ServerView): void {
    this.sent.set(
      view.name,
      SERVER_LISTS.map((list) => view[list]),
    );
  }

  /** The server left: a later one of the same name is sent whole. */
  forget(name: string): void {
    this.sent.delete(name);
  }
}

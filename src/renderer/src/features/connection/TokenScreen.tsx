// Browser mode without a usable token: says, in plain words, which address to open.

/** The whole-window screen for a missing or refused token. */
export function TokenScreen() {
  const hasToken = new URLSearchParams(window.location.search).has('token');
  return (
    <main className="full-screen">
      <div className="full-screen-card">
        <h1>{hasToken ? 'This link has expired' : 'Open Switchboard from its link'}</h1>
        <p>
          {hasToken
            ? 'The host did not accept this page’s access token. A new token is made each time Switchboard starts in the browser.'
            : 'This page needs the access token that Switchboard prints when it starts in the browser.'}
        </p>
        <p>
          Open the address printed by <code>npm run web</code> in its terminal. It looks like{' '}
          <code>http://127.0.0.1:PORT/?token=…</code> — the part after <code>?token=</code> is what lets this
          page in.
        </p>
      </div>
    </main>
  );
}

// The built-in list of well-known servers whose tools bring in content someone else wrote or run code, keyed by registry name.
import type { ServerEntry } from '../../shared/types';
import { packageOf } from './entryPackage';

/** A known server: its registry name, the packages it is published as, and its tools that take in outside content. */
export type KnownServer = {
  registryName: string;
  packages: readonly string[];
  /** Tools whose results are written by others (pages, search hits, mail, issues). */
  outside: readonly string[];
  /** Of those, the ones that also carry data out in what they ask for (a URL is a message to its host). */
  sendsOut?: readonly string[];
  /** Tools that run code they are given (a script in a page or in the server's own process). */
  runsCode?: readonly string[];
};

/** Documented in docs/security.md ("Flow-aware consent"); keep the two in step. */
export const KNOWN_SERVERS: readonly KnownServer[] = [
  {
    registryName: 'io.github.modelcontextprotocol/fetch',
    packages: ['mcp-server-fetch', 'mcp/fetch', '@modelcontextprotocol/server-fetch'],
    outside: ['fetch'],
    sendsOut: ['fetch'],
  },
  {
    registryName: 'io.github.brave/brave-search-mcp-server',
    packages: ['@brave/brave-search-mcp-server', '@modelcontextprotocol/server-brave-search'],
    outside: [
      'brave_web_search',
      'brave_local_search',
      'brave_news_search',
      'brave_image_search',
      'brave_video_search',
    ],
    sendsOut: [
      'brave_web_search',
      'brave_local_search',
      'brave_news_search',
      'brave_image_search',
      'brave_video_search',
    ],
  },
  {
    registryName: 'io.github.microsoft/playwright-mcp',
    packages: ['@playwright/mcp'],
    outside: [
      'browser_navigate',
      'browser_snapshot',
      'browser_take_screenshot',
      'browser_tabs',
      'browser_console_messages',
      'browser_network_requests',
    ],
    sendsOut: ['browser_navigate', 'browser_type', 'browser_fill_form', 'browser_click'],
    runsCode: ['browser_evaluate', 'browser_run_code', 'browser_run_code_unsafe'],
  },
  {
    registryName: 'io.github.modelcontextprotocol/puppeteer',
    packages: ['@modelcontextprotocol/server-puppeteer', 'mcp/puppeteer'],
    outside: ['puppeteer_navigate', 'puppeteer_screenshot', 'puppeteer_evaluate'],
    sendsOut: ['puppeteer_navigate', 'puppeteer_fill', 'puppeteer_evaluate'],
    runsCode: ['puppeteer_evaluate'],
  },
  {
    registryName: 'io.github.github/github-mcp-server',
    packages: ['ghcr.io/github/github-mcp-server', '@modelcontextprotocol/server-github', 'mcp/github'],
    outside: [
      'get_issue',
      'list_issues',
      'search_issues',
      'get_issue_comments',
      'get_pull_request',
      'list_pull_requests',
      'get_pull_request_comments',
      'get_pull_request_reviews',
      'search_code',
      'search_repositories',
      'get_file_contents',
      'list_notifications',
      'get_discussion',
      'get_discussion_comments',
    ],
  },
  {
    registryName: 'io.github.modelcontextprotocol/gitlab',
    packages: ['@modelcontextprotocol/server-gitlab', 'mcp/gitlab'],
    outside: ['get_issue', 'list_issues', 'get_merge_request', 'search_repositories', 'get_file_contents'],
  },
  {
    registryName: 'io.github.modelcontextprotocol/slack',
    packages: ['@modelcontextprotocol/server-slack', 'mcp/slack'],
    outside: ['slack_get_channel_history', 'slack_get_thread_replies', 'slack_get_user_profile'],
  },
  {
    registryName: 'io.github.gongrzhe/gmail-mcp-server',
    packages: ['@gongrzhe/server-gmail-autoauth-mcp'],
    outside: ['read_email', 'search_emails'],
  },
];

/** The known server `entry` runs, by the package it names; undefined for any other. */
export function knownServerOf(entry: ServerEntry): KnownServer | undefined {
  const name = packageOf(entry);
  if (!name) return undefined;
  return KNOWN_SERVERS.find((known) => known.packages.includes(name));
}

// Syntax colouring for resource text: Monaco's Monarch grammars (main thread, no worker), registered once, lazily.
import 'monaco-editor/languages/definitions/markdown/register';
import 'monaco-editor/languages/definitions/javascript/register';
import 'monaco-editor/languages/definitions/typescript/register';
import 'monaco-editor/languages/definitions/html/register';
import 'monaco-editor/languages/definitions/css/register';
import 'monaco-editor/languages/definitions/xml/register';
import 'monaco-editor/languages/definitions/yaml/register';
import 'monaco-editor/languages/definitions/python/register';
import 'monaco-editor/languages/definitions/shell/register';
import 'monaco-editor/languages/definitions/sql/register';
import 'monaco-editor/languages/definitions/ini/register';

/** The languages registered here (JSON comes with the shared editor setup; anything else shows as plain text). */
export const COLOURED_LANGUAGES = [
  'json',
  'markdown',
  'javascript',
  'typescript',
  'html',
  'css',
  'xml',
  'yaml',
  'python',
  'shell',
  'sql',
  'ini',
] as const;

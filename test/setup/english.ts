// Every test file starts with the page's English loaded, as the page has it before its first render.
import { beforeAll } from 'vitest';
import { chooseLanguage } from '../../src/renderer/src/i18n/language';

beforeAll(() => chooseLanguage('en', false));

// The syntax highlighter (lowlight with its common languages), loaded the first time code is shown.
import { common, createLowlight } from 'lowlight';

/** A highlighter with the languages most replies and tool arguments use. */
export const lowlight = createLowlight(common);
